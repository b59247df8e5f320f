/**
 * The page for people of one document's validation report (`/_validation?id=…` for a browser):
 * the document stored under the `report` conformance policy, and each rule of the shapes it
 * breaks, where (the JSON path), the value found there, and the usual fix. A document that
 * conforms gets the same page, saying so.
 */
import type { Problem } from '../linkedart/Problem.js';
import { BaseUrl, IdLink } from '../render/html/links.js';
import { htmlDocument, Page, type PageFrame } from '../render/html/Page.js';

export interface ValidationPageProps {
  readonly frame: PageFrame;
  readonly id: string;
  readonly violations: readonly Problem[];
}

export function validationPageHtml(props: ValidationPageProps): string {
  return htmlDocument(<ValidationPage {...props} />);
}

function ValidationPage({ frame, id, violations }: ValidationPageProps) {
  const count = violations.length;
  return (
    <Page
      frame={frame}
      title="Validation report"
      description={`How ${id} ${count === 0 ? 'conforms to' : `breaks ${count === 1 ? '1 rule' : `${count} rules`} of`} the Linked Art shapes.`}
    >
      <BaseUrl.Provider value={frame.baseUrl}>
        <article>
          <h1>Validation report</h1>
          <p class="id">
            Document: <IdLink id={id}>{id}</IdLink>
          </p>
          {count === 0 ? (
            <p class="conforms">This document conforms to the Linked Art shapes: nothing to fix.</p>
          ) : (
            <>
              <p class="violations">
                This document is published as written, but breaks {count === 1 ? 'one rule' : `${count} rules`} of the
                Linked Art shapes. Store a fixed version to clear this report.
              </p>
              <table class="violations">
                <thead>
                  <tr>
                    <th scope="col">Rule</th>
                    <th scope="col">Where</th>
                    <th scope="col">Value</th>
                    <th scope="col">What is wrong</th>
                    <th scope="col">Fix</th>
                  </tr>
                </thead>
                <tbody>
                  {violations.map((v, i) => (
                    <tr key={i}>
                      <td>
                        <code>{v.rule}</code>
                      </td>
                      <td>
                        <code>{v.path === '' ? '(the document)' : v.path}</code>
                      </td>
                      <td>{v.value === undefined ? '' : <code>{v.value}</code>}</td>
                      <td>{v.message}</td>
                      <td>{v.hint ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </article>
      </BaseUrl.Provider>
    </Page>
  );
}
