import { hashAccountToken } from "../../src/accounts/tokens";

/**
 * `value` with its random account tokens named by the order they first appear: an outbox email's
 * token (by its hash) and a stored token's hash get one name, `token-1`, `token-2`, …, so two runs
 * of the same work compare equal, and an email still names the token the store keeps for it.
 */
export function withNamedTokens<T>(value: T): T {
  const names = new Map<string, string>();
  const name = (hash: string) => {
    let found = names.get(hash);
    if (found === undefined) {
      found = `token-${names.size + 1}`;
      names.set(hash, found);
    }
    return found;
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const record = node as Record<string, unknown>;
    const named: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      if (key === "token" && "tokenExpiresAt" in record && typeof field === "string")
        named[key] = name(hashAccountToken(field));
      else if (key === "tokenHash" && typeof field === "string") named[key] = name(field);
      else named[key] = walk(field);
    }
    return named;
  };
  return walk(value) as T;
}
