/** The documents the crash test writes: the corpus documents the service admits, again and again, each under its own id. */
import { admitDocument } from '../../../src/validate/admitDocument.js';
import { CORPUS_DIR, readDocuments } from '../../support/corpus.js';

export interface Copy {
  id: string;
  json: object;
}

export function crashCopies(rounds = 20): Copy[] {
  const accepted = readDocuments(CORPUS_DIR).filter((d) => {
    try {
      admitDocument(d.json);
      return true;
    } catch {
      return false;
    }
  });
  const copies: Copy[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const doc of accepted) {
      const oldId = doc.json['id'] as string;
      const id = `https://crash.example.org/${round}/${doc.file.replace('.json', '')}`;
      copies.push({
        id,
        json: JSON.parse(JSON.stringify(doc.json).split(JSON.stringify(oldId)).join(JSON.stringify(id))) as object,
      });
    }
  }
  return copies;
}
