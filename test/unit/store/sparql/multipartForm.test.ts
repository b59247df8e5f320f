import { expect } from 'chai';
import { multipartForm } from '../../../../src/store/sparql/multipartForm.js';

describe('multipartForm: text fields as one multipart/form-data body', () => {
  it('reads back, as a server parses it, field by field and byte for byte', async () => {
    const fields = {
      update: 'INSERT DATA { GRAPH <http://x/g> { <http://x/a> <http://x/p> "é" } }',
      nquads: '<http://x/a> <http://x/p> "漢字\\n\\"q\\"" <http://x/g> .\r\n\r\n--not-the-boundary\n',
    };
    const form = multipartForm(fields);
    expect(form.contentType).to.match(/^multipart\/form-data; boundary=linkedart-[0-9a-f]{24}$/);
    const parsed = await new Response(form.body, { headers: { 'content-type': form.contentType } }).formData();
    expect(Object.fromEntries(parsed.entries())).to.deep.equal(fields);
  });

  it('takes a fresh boundary every time', () => {
    expect(multipartForm({ a: 'x' }).contentType).not.to.equal(multipartForm({ a: 'x' }).contentType);
  });
});
