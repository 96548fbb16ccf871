/** What a redacted secret is replaced with. */
export const REDACTED = "[redacted]";

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

  constructor(values: readonly (string | undefined)[]) {
    for (const value of values) this.add(value);
  }

  /** Adds a secret, with each way an echo may spell it: raw, URL-, form- and JSON-encoded. */
  add(value: string | undefined): void {
    if (value === undefined || value.length < SHORTEST_REDACTED) return;
    const spellings = [
      value,
      encodeURIComponent(value),
      new URLSearchParams({ s: value }).toString().slice(2),
      JSON.stringify(value).slice(1, -1),
    ];
    // Longest first, so a secret holding another is replaced whole.
    this.spellings = [...new Set([...this.spellings, ...spellings])].sort(
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
