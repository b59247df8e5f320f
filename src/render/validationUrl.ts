/** Where a document's validation report is served (http/validationRoute.ts): under the service's base URL, the id as `?id=`. */
export const VALIDATION_PATH = '/_validation';

export function validationUrl(baseUrl: string, id: string): string {
  return `${baseUrl}${VALIDATION_PATH.slice(1)}?id=${encodeURIComponent(id)}`;
}
