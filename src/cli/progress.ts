import type { CliIo } from "./io";

/** Nothing is shown for work shorter than this: a quick command prints only its answer. */
const QUIET_MS = 1000;
/** The line is redrawn at most this often. */
const REDRAW_MS = 100;

/** A progress line on a terminal's stderr; silent when stderr is not a terminal. */
export interface Progress {
  /** The work's state now; `describe` is called only when the line is redrawn. */
  update(describe: () => string): void;
  /** Clears the line, if one was drawn, so the command's own output starts on a clean line. */
  done(): void;
}

/**
 * Progress of CLI work on `io.progress` (set by the CLI only when stderr is a terminal): shown
 * once the work has run for a second, redrawn at most ten times a second, cleared at the end.
 */
export function startProgress(io: CliIo, clock: () => number = () => performance.now()): Progress {
  const draw = io.progress;
  if (draw === undefined) return { update: () => undefined, done: () => undefined };
  const started = clock();
  let drawnAt: number | undefined;
  return {
    update(describe) {
      const now = clock();
      if (now - started < QUIET_MS) return;
      if (drawnAt !== undefined && now - drawnAt < REDRAW_MS) return;
      drawnAt = now;
      draw(describe());
    },
    done() {
      if (drawnAt !== undefined) draw(null);
    },
  };
}
