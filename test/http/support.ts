import { readFileSync } from "node:fs";
import { join } from "node:path";
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

/** A handler over a fresh sandbox store, with a clock the test moves. */
export function sandbox(
  options: {
    snapshot?: OrganizationSnapshotInput;
    rateLimiter?: RateLimiter;
    onError?: (error: unknown) => void;
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
