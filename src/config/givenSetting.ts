/**
 * A setting as given, the way each part of the settings (Config.ts and the *Config.ts beside it)
 * reads it: its text and where it came from (a flag or a variable), so a refusal names it.
 */
export type Given = { value: string; from: string };

/** Stops the start-up with `why`, naming where the bad value came from. */
export type Refuse = (given: Given, why: string) => never;

/** An on/off setting: on, true, yes, 1 or off, false, no, 0 (any case); `fallback` when not given. */
export function onOff(given: Given | undefined, fallback: boolean, fail: Refuse): boolean {
  if (!given) return fallback;
  const word = given.value.trim().toLowerCase();
  if (['on', 'true', 'yes', '1'].includes(word)) return true;
  if (['off', 'false', 'no', '0'].includes(word)) return false;
  return fail(given, 'on or off');
}
