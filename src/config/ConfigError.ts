/**
 * Why the configuration was refused, at start-up.
 */

/** A setting's value that cannot be used: the message names the flag or variable it came from. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
