import { expect } from 'chai';
import { routeKindOf } from '../../../src/http/routeKind.js';
import type { RouteKind } from '../../../src/metrics/routeKinds.js';

describe('route kinds (the label of the request metrics)', () => {
  // method, path as the router saw it, whether it went to the entity ids, the kind.
  const table: Array<[string, string, boolean, RouteKind]> = [
    ['GET', '/collection/object/harbour-at-dusk', true, 'document'],
    ['HEAD', '/collection/object/harbour-at-dusk', true, 'document'],
    ['PUT', '/collection/object/harbour-at-dusk', true, 'write'],
    ['DELETE', '/collection/object/harbour-at-dusk', true, 'write'],
    ['POST', '/collection/object/harbour-at-dusk', true, 'other'],
    ['PATCH', '/collection/object/harbour-at-dusk', true, 'other'],
    ['OPTIONS', '/collection/object/harbour-at-dusk', true, 'preflight'],
    // An id that looks like a service path is still an id when the router sent it to the ids.
    ['GET', '/metrics', true, 'document'],
    ['GET', '/', false, 'root'],
    ['GET', '/health', false, 'service'],
    ['GET', '/ready', false, 'service'],
    ['GET', '/metrics', false, 'service'],
    ['GET', '/_assets/style.css', false, 'service'],
    ['GET', '/_export', false, 'export'],
    ['POST', '/_export', false, 'other'],
    ['POST', '/_bulk', false, 'bulk'],
    ['GET', '/_bulk', false, 'other'],
    ['GET', '/sparql', false, 'sparql_query'],
    ['POST', '/sparql', false, 'sparql_query'],
    ['PUT', '/sparql', false, 'other'],
    ['OPTIONS', '/sparql', false, 'preflight'],
    ['GET', '/sparql-ui/yasgui.min.js', false, 'query_page'],
    ['GET', '/search', false, 'search'],
    ['GET', '/_links/referred_to_by', false, 'discovery'],
    ['GET', '/_entities/HumanMadeObject', false, 'discovery'],
    ['GET', '/activity-stream', false, 'activity_stream'],
    ['GET', '/activity-stream/page/3', false, 'activity_stream'],
    ['DELETE', '/activity-stream/page/3', false, 'other'],
    ['GET', '/nowhere-the-router-knows', false, 'other'],
  ];
  for (const [method, path, entity, kind] of table) {
    it(`${method} ${path}${entity ? ' (an id)' : ''}: ${kind}`, () => {
      expect(routeKindOf(method, path, entity)).to.equal(kind);
    });
  }
});
