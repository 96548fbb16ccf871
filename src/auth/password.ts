import { scryptAsync } from "@noble/hashes/scrypt";
import { randomBytes } from "@noble/hashes/utils";
import { constantTimeEqual } from "../runtime/constant-time";

/** scrypt cost parameters; stored in every hash so old hashes verify after a change. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The default cost (N=2^14, r=8, p=1): about 50 ms per hash natively on this project's machines. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };
const KEY_LENGTH = 32;
const MAX_N = 2 ** 20;

/** Hashes and checks passwords; the login's only use of a slow function. */
export interface PasswordHasher {
  /** An encoded hash of `password` that {@link PasswordHasher.verify} accepts. */
  hash(password: string): Promise<string>;
  /** Whether `password` matches `encoded`; `false` for anything that is not such a hash. */
  verify(password: string, encoded: string): Promise<boolean>;
}

type DeriveKey = (
  password: string,
  salt: Uint8Array,
  cost: ScryptCost,
  length: number,
) => Promise<Uint8Array>;

let native: Promise<DeriveKey | null> | undefined;

/**
 * Node's `crypto.scrypt` (also in Deno and Bun) runs on the thread pool, so a login does not
 * stall other requests; loaded lazily so `rpdi/http` still loads where `node:crypto` is missing.
 */
function nativeScrypt(): Promise<DeriveKey | null> {
  native ??= import("node:crypto").then(
    ({ scrypt }): DeriveKey =>
      (password, salt, cost, length) =>
        new Promise((resolve, reject) =>
          scrypt(
            password,
            salt,
            length,
            { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r * cost.p },
            (error, key) => (error === null ? resolve(new Uint8Array(key)) : reject(error)),
          ),
        ),
    () => null,
  );
  return native;
}

const pureScrypt: DeriveKey = (password, salt, cost, length) =>
  scryptAsync(password, salt, { ...cost, dkLen: length });

async function deriveKey(
  password: string,
  salt: Uint8Array,
  cost: ScryptCost,
  length: number,
): Promise<Uint8Array> {
  return ((await nativeScrypt()) ?? pureScrypt)(password, salt, cost, length);
}

/**
 * How many scrypt computations run at once by default. Node's thread pool has four threads, and
 * WebCrypto (which verifies every session token) and file I/O queue on it too: hashing keeps two
 * free, so a burst of logins delays logins, not every other request.
 */
export const DEFAULT_HASHING_CONCURRENCY = 2;

/** Runs at most `limit` tasks at once, the rest in arrival order. */
function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/**
 * The default hasher: scrypt over the password in Unicode NFC (as `normalizePassword` puts it, at
 * set and at login alike), stored as `scrypt$N$r$p$salt$key` (salt and key in base64), computed
 * off the event loop by the runtime's native scrypt where there is one, in JavaScript otherwise
 * (same hashes either way), at most `concurrency` at a time.
 */
export function createScryptHasher(
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
  concurrency: number = DEFAULT_HASHING_CONCURRENCY,
): PasswordHasher {
  const limited = concurrencyLimit(concurrency);
  const derive: DeriveKey = (password, salt, keyCost, length) =>
    limited(() => deriveKey(password, salt, keyCost, length));
  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password.normalize("NFC"), salt, cost, KEY_LENGTH);
      return ["scrypt", cost.N, cost.r, cost.p, toBase64(salt), toBase64(key)].join("$");
    },
    async verify(password, encoded) {
      const parts = encoded.split("$");
      if (parts.length !== 6 || parts[0] !== "scrypt") return false;
      const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
      if (![N, r, p].every((value) => Number.isInteger(value) && value > 0) || N > MAX_N)
        return false;
      let salt: Uint8Array;
      let expected: Uint8Array;
      try {
        salt = fromBase64(parts[4] as string);
        expected = fromBase64(parts[5] as string);
      } catch {
        return false;
      }
      if (expected.length === 0) return false;
      const actual = await derive(password.normalize("NFC"), salt, { N, r, p }, expected.length);
      return constantTimeEqual(actual, expected);
    },
  };
}

/**
 * The hasher used wherever the host passes none: the login, the account services, the helpers
 * below. One instance, so its concurrency bound holds across all of them.
 */
export const defaultPasswordHasher: PasswordHasher = createScryptHasher();

/** Hashes a password with the default hasher, at `cost` when given. */
export function hashPassword(password: string, cost?: ScryptCost): Promise<string> {
  return (cost === undefined ? defaultPasswordHasher : createScryptHasher(cost)).hash(password);
}

/** Whether `password` matches `encoded`; `false` for anything that is not one of our hashes. */
export function verifyPassword(password: string, encoded: string): Promise<boolean> {
  return defaultPasswordHasher.verify(password, encoded);
}

const dummies = new WeakMap<PasswordHasher, Promise<string>>();

/**
 * A hash of a random password by `hasher`. Verifying against it when an address is unknown makes
 * a failed login cost the same whether or not the account exists.
 */
export function dummyPasswordHash(hasher: PasswordHasher = defaultPasswordHasher): Promise<string> {
  let dummy = dummies.get(hasher);
  if (dummy === undefined) {
    dummy = hasher.hash(toBase64(randomBytes(24)));
    dummies.set(hasher, dummy);
  }
  return dummy;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
}
