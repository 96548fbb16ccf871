/**
 * Whether two byte strings are equal, in time that depends on their length only, never on where
 * they first differ: for secrets, where an early exit tells an attacker how much of a guess was
 * right.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

const encoder = new TextEncoder();

/** The SHA-256 digest of the text's UTF-8 bytes (Web Crypto: any runtime with `crypto.subtle`). */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * A check of presented secrets against one expected secret: both sides are hashed with SHA-256
 * and the digests compared in constant time, so neither the secret's length nor the place of a
 * guess's first wrong character shows in the time an answer takes.
 */
export function secretMatcher(expected: string): (presented: string) => Promise<boolean> {
  const expectedDigest = sha256(expected);
  return async (presented) => constantTimeEqual(await sha256(presented), await expectedDigest);
}
