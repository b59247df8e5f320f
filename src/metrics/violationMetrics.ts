/**
 * Documents published with violations of the shapes (`--conformance report`), read from their
 * validation graphs at scrape time: how many, and how many break each rule. On either store:
 * the query reads only the validation graphs' rule triples (few, unless much is to be fixed),
 * not the whole store. A store that has failed (its disk) answers nothing: the gauges then have
 * no sample, and `store_condition` says why, so that /metrics still answers.
 */
import { Gauge, type Registry } from 'prom-client';
import type { DocumentService } from '../service/DocumentService.js';
import { violatedCount, violatedCountsByRule } from '../service/validationReports.js';
import { oncePerScrape } from './oncePerScrape.js';
import { scrapedFigures } from './scrapedMetrics.js';

export function violationMetrics(
  registry: Registry,
  prefix: string,
  { documents, ready }: { documents: DocumentService; ready: () => boolean },
): void {
  const registers = [registry];
  // Counted only while the store can be read and the service is ready.
  const readable = () => ready() && documents.store.condition?.().state !== 'failed';
  const counts = oncePerScrape(async () => ({
    total: await violatedCount(documents.store),
    byRule: await violatedCountsByRule(documents.store),
  }));
  new Gauge({
    name: `${prefix}documents_with_violations`,
    registers,
    help: 'Documents stored with violations of the Linked Art shapes (--conformance report): served as written, each linking to its validation report; reported once the service is ready.',
    async collect() {
      this.reset();
      if (readable()) this.set((await counts()).total);
    },
  });
  scrapedFigures(
    registry,
    `${prefix}documents_with_violations_by_rule`,
    'rule',
    'Of the documents stored with violations, how many break each rule of the shapes (a document may break several).',
    async () => (readable() ? (await counts()).byRule : []),
  );
}
