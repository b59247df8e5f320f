/**
 * `?conformance=strict|report` on a write (PUT, /_bulk): the conformance policy a curator asks
 * for this write (validate/conformance.ts), else the server's (--conformance). A bad value is a 400.
 */
import { CONFORMANCE_POLICIES, conformancePolicyNamed, type ConformancePolicy } from '../validate/conformance.js';
import { BadRequest } from './HttpError.js';

export function conformanceAsked(params: URLSearchParams, serverDefault: ConformancePolicy): ConformancePolicy {
  const asked = params.get('conformance');
  if (asked === null) return serverDefault;
  const policy = conformancePolicyNamed(asked);
  if (!policy) throw new BadRequest(`?conformance= is one of ${CONFORMANCE_POLICIES.join(', ')}.`);
  return policy;
}
