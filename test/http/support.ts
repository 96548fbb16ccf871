import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createScryptHasher, type PasswordHasher } from "../../src/auth/password";
import { generateTotp } from "../../src/auth/totp";
import type { OrganizationSnapshotInput } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import type { RateLimiter } from "../../src/runtime/rate-limit";
import { FIXTURES } from "../support/fixtures";

export const SECRET = "test-only-secret-of-at-least-32-bytes!!";
export const BASE = "http://rpdi.test";
export const ADMIN = "sandbox.admin@hartwell.example";
export const MFA_ADMIN = "sandbox.mfa@hartwell.example";
export const MEMBER = "ben.marsh@hartwell.example";
export const PASSWORD = "sandbox-password";
export const MFA_SECRET = "JBSWY3DPEHPK3PXP";

export function sandboxSnapshot(): OrganizationSnapshotInput & {
  organization: { features: string[] };
} {
  return JSON.parse(readFileSync(join(FIXTURES, "sandbox.json"), "utf8"));
}

/**
 * scrypt at next to no cost (N=16; the default's r and p), for tests that try hundreds of
 * passwords and assert what the login decides, not what a hash costs: at the default cost
 * (N=2^14, 50–80 ms of CPU a check here) four such files spent about 50 s of CPU hashing. The
 * hasher and the verification are the default's; only the cost differs.
 */
export const CHEAP_SCRYPT = { N: 16, r: 8, p: 1 };

export function cheapHasher(): PasswordHasher {
  return createScryptHasher(CHEAP_SCRYPT);
}

/** The sandbox with every password hash made again at {@link CHEAP_SCRYPT}: each is `PASSWORD`'s. */
export async function cheaplyHashedSandbox(): Promise<ReturnType<typeof sandboxSnapshot>> {
  const snapshot = sandboxSnapshot();
  const hasher = cheapHasher();
  for (const member of snapshot.members ?? [])
    if (member.credentials?.passwordHash)
      member.credentials.passwordHash = await hasher.hash(PASSWORD);
  return snapshot;
}

/** A handler over a fresh sandbox store, with a clock the test moves. */
export function sandbox(
  options: {
    snapshot?: OrganizationSnapshotInput;
    rateLimiter?: RateLimiter;
    onError?: (error: unknown) => void;
    passwordHasher?: PasswordHasher;
  } = {},
) {
  const store = createMemoryStore(options.snapshot ?? sandboxSnapshot());
  const clock = { now: new Date("2026-06-15T12:00:00Z") };
  const handler = createHttpHandler({
    store,
    tokenSecret: SECRET,
    now: () => clock.now,
    rateLimiter: options.rateLimiter,
    onError: options.onError,
    passwordHasher: options.passwordHasher,
  });
  const request = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${BASE}${path}`, init));
  async function login(email: string, extra: Record<string, string> = {}): Promise<string | null> {
    const response = await request("/app/sandbox/admin/auth/", {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD, ...extra }),
    });
    const cookie = response.headers.get("set-cookie");
    return cookie === null ? null : (cookie.split(";")[0] as string);
  }
  const loginMfa = () => login(MFA_ADMIN, { mfaCode: generateTotp(MFA_SECRET, clock.now) });
  return { store, clock, handler, request, login, loginMfa };
}

/** A multipart body with the CSV text as part `file`. */
export function upload(csv: string | Uint8Array<ArrayBuffer>, name = "file"): FormData {
  const form = new FormData();
  form.set(name, new Blob([csv], { type: "text/csv" }), "upload.csv");
  return form;
}
