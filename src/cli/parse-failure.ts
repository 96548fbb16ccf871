import { UsageError } from "./io";
import { meantWord } from "./suggest";

/**
 * A parseArgs error in the CLI's words: an unknown option with the closest of `options` (the
 * command's), an option missing its value, a switch given one.
 */
export function parseFailure(error: unknown, options: readonly string[]): UsageError {
  const message = error instanceof Error ? error.message : String(error);
  const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
  if (unknown !== undefined)
    return new UsageError(`unknown option ${unknown}${meantWord(unknown, options, false)}`);
  const missing = /^Option '(?:-\w, )?(--[\w-]+) <value>' argument missing/.exec(message)?.[1];
  if (missing !== undefined) return new UsageError(`${missing} needs a value`);
  const switchValue = /^Option '(?:-\w, )?(--[\w-]+)' does not take an argument/.exec(message)?.[1];
  if (switchValue !== undefined) return new UsageError(`${switchValue} takes no value`);
  return new UsageError(message);
}
