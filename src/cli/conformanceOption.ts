/**
 * `--conformance strict|report` of the commands that write documents into a store themselves
 * (load, harvest): the flag, else the variable serve reads (LINKEDART_CONFORMANCE), so a store
 * written by the CLI and by the server follows one policy; else strict. A bad value is a usage error.
 */
import { Option } from 'commander';
import { SETTINGS } from '../config/Config.js';
import { CONFORMANCE_POLICIES, conformancePolicyNamed, type ConformancePolicy } from '../validate/conformancePolicy.js';

export const CONFORMANCE_HELP = `strict: a document breaking any rule is refused; report: one whose only violations are of the shapes (SHACL) is stored with them and served saying so (see README, Conformance): ${CONFORMANCE_POLICIES.join(' or ')} (default strict; env ${SETTINGS.conformance.env})`;

export function conformanceOption(): Option {
  return new Option('--conformance <policy>', CONFORMANCE_HELP);
}

/** The policy asked for; a string naming what is wrong when it is no policy. `fromEnv` false: the flag alone (a load into a server takes the server's). */
export function conformanceOf(
  flag: string | undefined,
  fromEnv = true,
  env: NodeJS.ProcessEnv = process.env,
): ConformancePolicy | undefined | { error: string } {
  const given = flag ?? (fromEnv && env[SETTINGS.conformance.env] ? env[SETTINGS.conformance.env] : undefined);
  if (given === undefined) return undefined;
  const from = flag !== undefined ? '--conformance' : SETTINGS.conformance.env;
  return conformancePolicyNamed(given) ?? { error: `${from} ${given}: one of ${CONFORMANCE_POLICIES.join(', ')}` };
}
