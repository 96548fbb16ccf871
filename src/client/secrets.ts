/** What a redacted secret is replaced with. */
export const REDACTED = "[redacted]";

/** Cookie values of this many recent sessions are redacted. */
const SESSIONS_REMEMBERED = 8;

/** Shorter values are not redacted: replacing them would garble every message they occur in. */
const SHORTEST_REDACTED = 4;

/**
 * What the client must never repeat: the password, the MFA secret and every session cookie value
 * it held. A service, or a proxy in front of it, may echo the request in an error answer (a debug
 * page listing the headers, a refusal page quoting the login form); whatever the client puts in
 * an error from an answer (message, body, redirect target) goes through {@link Secrets.redact}.
 */
export class Secrets {
  private spellings: string[] = [];
  private readonly lasting: string[] = [];
  private readonly sessions: string[][] = [];

  constructor(values: readonly (string | undefined)[]) {
    for (const value of values) this.add(value);
  }

  /** Adds a secret that stays for the client's life (the password, the MFA secret). */
  add(value: string | undefined): void {
    for (const spelling of spellingsOf(value)) this.lasting.push(spelling);
    this.refresh();
  }

  /**
   * Adds a session cookie value; only the last few sessions' are kept, so a client that logs in
   * every hour for a year does not check each error against thousands of stale cookies.
   */
  addSession(value: string | undefined): void {
    const spellings = spellingsOf(value);
    if (spellings.length === 0) return;
    this.sessions.push(spellings);
    if (this.sessions.length > SESSIONS_REMEMBERED) this.sessions.shift();
    this.refresh();
  }

  private refresh(): void {
    // Longest first, so a secret holding another is replaced whole.
    this.spellings = [...new Set([...this.lasting, ...this.sessions.flat()])].sort(
      (a, b) => b.length - a.length,
    );
  }

  /** `value` with every secret replaced: a string, or the strings inside arrays and objects. */
  redact<T>(value: T): T {
    if (typeof value === "string") {
      let text: string = value;
      for (const spelling of this.spellings) text = text.split(spelling).join(REDACTED);
      return text as T;
    }
    if (Array.isArray(value)) return value.map((item: unknown) => this.redact(item)) as T;
    if (typeof value === "object" && value !== null)
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [this.redact(key), this.redact(item)]),
      ) as T;
    return value;
  }
}

/** Each way an echo may spell `value`: raw, URL-, form- and JSON-encoded. */
function spellingsOf(value: string | undefined): string[] {
  if (value === undefined || value.length < SHORTEST_REDACTED) return [];
  return [
    value,
    encodeURIComponent(value),
    new URLSearchParams({ s: value }).toString().slice(2),
    JSON.stringify(value).slice(1, -1),
  ];
}
