/** One request sent while a fault was under way, and how it was answered. */
export interface FaultAnswer {
  /** What was asked (`departments`, `feed`, `import`, `login`…). */
  kind: string;
  /** The status, or `null` when no answer came (connection refused or reset, or past the bound). */
  status: number | null;
  retryAfter: string | null;
  /** The body when the status was neither 200 nor 503, for the failure message. */
  body: string;
  /** When it was sent (`performance.now()`) and how long its answer took, in milliseconds. */
  sentAt: number;
  ms: number;
  /** Why no answer came, when none did. */
  error: string | null;
  /**
   * Whether no answer came because the connection was refused or closed before an answer (nothing
   * listens any more, or a kept-alive connection was closed as the server stopped), not a hang.
   */
  refused: boolean;
}

/**
 * Sends `request` and waits for its whole answer, at most `boundMs`: a request past the bound
 * counts as lost (`status: null`), the liveness the fault suites check.
 */
export async function answerOf(
  kind: string,
  url: string,
  init: RequestInit,
  boundMs: number,
): Promise<FaultAnswer> {
  const sentAt = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(boundMs) });
    const body = await response.text();
    return {
      kind,
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: response.status === 200 || response.status === 503 ? "" : body.slice(0, 300),
      sentAt,
      ms: performance.now() - sentAt,
      error: null,
      refused: false,
    };
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    const message = `${error instanceof Error ? error.message : String(error)}${cause}`;
    return {
      kind,
      status: null,
      retryAfter: null,
      body: "",
      sentAt,
      ms: performance.now() - sentAt,
      error: message,
      refused: /ECONNREFUSED|ECONNRESET|other side closed|SocketError/.test(message),
    };
  }
}

/** Answers collected from every loop of a fault run. */
export class FaultTally {
  readonly answers: FaultAnswer[] = [];

  add(answer: FaultAnswer): FaultAnswer {
    this.answers.push(answer);
    return answer;
  }

  /** Answers that were neither 200 nor 503 (500s and the like), or 503 without Retry-After. */
  unexpected(allowed: readonly number[] = [200, 503]): FaultAnswer[] {
    return this.answers.filter(
      (answer) =>
        answer.status !== null &&
        (!allowed.includes(answer.status) ||
          (answer.status === 503 && !/^\d+$/.test(answer.retryAfter ?? ""))),
    );
  }

  /** Requests that got no answer within their bound; refused connections too unless `refusedOk`. */
  lost(refusedOk = false): FaultAnswer[] {
    return this.answers.filter(
      (answer) => answer.status === null && !(refusedOk && answer.refused),
    );
  }

  /**
   * The unexpected answers (see {@link unexpected}) and the lost requests, alike ones counted
   * together (`feed 500 ×12: {"error":…}`): what a failing assertion shows.
   */
  problems(allowed: readonly number[] = [200, 503], refusedOk = false): string[] {
    const counts = new Map<string, number>();
    for (const answer of [...this.unexpected(allowed), ...this.lost(refusedOk)]) {
      const what =
        answer.status === null
          ? `no answer (${answer.error})`
          : `${answer.status}${answer.status === 503 ? " without Retry-After" : ""}: ${answer.body}`;
      const key = `${answer.kind} ${what}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([key, count]) => `${key} ×${count}`);
  }

  /** The slowest answer's time, in milliseconds. */
  maxMs(): number {
    let max = 0;
    for (const answer of this.answers) max = Math.max(max, answer.ms);
    return max;
  }

  /** `kind: 200 ×n, 503 ×n, …, lost n, slowest n ms` per kind: what each suite prints. */
  summary(label: string): string {
    const byKind = new Map<string, { counts: Map<string, number>; slowest: number }>();
    for (const answer of this.answers) {
      const entry = byKind.get(answer.kind) ?? { counts: new Map<string, number>(), slowest: 0 };
      const key =
        answer.status !== null ? String(answer.status) : answer.refused ? "refused" : "lost";
      entry.counts.set(key, (entry.counts.get(key) ?? 0) + 1);
      entry.slowest = Math.max(entry.slowest, answer.ms);
      byKind.set(answer.kind, entry);
    }
    const kinds = [...byKind].map(([kind, { counts, slowest }]) => {
      const parts = [...counts]
        .filter(([key]) => key !== "lost" && key !== "refused")
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, count]) => `${key} ×${count}`);
      const refused = counts.has("refused") ? `, refused ${counts.get("refused")}` : "";
      return `${kind}: ${parts.join(", ") || "none answered"}${refused}, lost ${counts.get("lost") ?? 0}, slowest ${Math.round(slowest)} ms`;
    });
    return `[${label}] ${this.answers.length} requests; ${kinds.join("; ")}`;
  }
}

/**
 * Sends `send()` every `intervalMs` (without waiting for the one before: a request that hangs
 * does not slow the others) until `stop()`, which resolves once every request sent has ended.
 */
export function every(intervalMs: number, send: () => Promise<unknown>): { stop(): Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const launch = () => {
    const sent = send().finally(() => inFlight.delete(sent));
    inFlight.add(sent);
  };
  launch();
  const timer = setInterval(launch, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
