/** What the CLI touches outside itself, so tests can run it in memory. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readFile: (path: string) => Promise<Uint8Array>;
  fileSize: (path: string) => Promise<number>;
  writeFile: (path: string, text: string) => Promise<void>;
  /** Colour the output (a terminal, and NO_COLOR unset). */
  color: boolean;
  now: () => Date;
  /**
   * Draws a progress line in place on stderr, or clears it (`null`); set only when stderr is a
   * terminal, so progress never reaches a log or a pipe.
   */
  progress?: (line: string | null) => void;
  /** The environment's variables; none when absent (tests). */
  env?: (name: string) => string | undefined;
}

/** Exit codes: 0 valid, 1 invalid, 2 usage error. */
export const ExitCode = { VALID: 0, INVALID: 1, USAGE: 2 } as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * A mistake in how the CLI was called; reported on stderr with exit code 2, followed by the usage
 * unless `usage` is false (a port in use needs one line, not the whole synopsis).
 */
export class UsageError extends Error {
  readonly usage: boolean;

  constructor(message: string, options: { usage?: boolean } = {}) {
    super(message);
    this.usage = options.usage ?? true;
  }
}

export function paint(io: CliIo, code: number, text: string): string {
  return io.color ? `\u001b[${code}m${text}\u001b[0m` : text;
}
export const RED = 31;
export const GREEN = 32;
export const DIM = 2;

/** A body printed for `--json`: indented, with a final line break. */
export function toJson(body: unknown): string {
  return `${JSON.stringify(body, null, 2)}\n`;
}
