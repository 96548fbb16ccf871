import { scryptAsync } from "@noble/hashes/scrypt";
import { randomBytes } from "@noble/hashes/utils";

/** scrypt cost parameters; stored in every hash so old hashes verify after a change. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The default cost: about 0.1 s per hash in pure JavaScript on this project's machines. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** Hashes a password as `scrypt$N$r$p$salt$key` (salt and key in base64). */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, { ...cost, dkLen: KEY_LENGTH });
  return ["scrypt", cost.N, cost.r, cost.p, toBase64(salt), toBase64(key)].join("$");
}

/** Whether `password` matches `encoded`; `false` for anything that is not one of our hashes. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((value) => Number.isInteger(value) && value > 0) || N > 2 ** 20)
    return false;
  let salt: Uint8Array;
  let expected: Uint8Array;
  try {
    salt = fromBase64(parts[4] as string);
    expected = fromBase64(parts[5] as string);
  } catch {
    return false;
  }
  const actual = await scryptAsync(password, salt, { N, r, p, dkLen: expected.length });
  return constantTimeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password at the default cost. Verifying against it when an address is
 * unknown makes a failed login cost the same whether or not the account exists.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(toBase64(randomBytes(24)));
  return dummy;
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}
