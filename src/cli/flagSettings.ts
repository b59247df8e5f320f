/**
 * The settings of one concern (the store, the document limits) for a command that opens or
 * reads things itself: its flags, else their environment variables, and no other setting.
 */
import { resolveConfig, SETTINGS, type Config, type ConfigInput } from '../config/Config.js';

/** The configuration `keys` take from these flags, else from their variables, resolved as `serve` resolves them. */
export function configOfFlags(
  keys: readonly (keyof ConfigInput)[],
  flags: Partial<Record<keyof ConfigInput, string>>,
  env: NodeJS.ProcessEnv,
): Config {
  const input: ConfigInput = {};
  const keyEnv: NodeJS.ProcessEnv = {};
  for (const key of keys) {
    if (flags[key] !== undefined) input[key] = flags[key];
    keyEnv[SETTINGS[key].env] = env[SETTINGS[key].env];
  }
  return resolveConfig(input, keyEnv);
}
