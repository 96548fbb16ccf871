import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

/** The spec's `mfaCode`: a 6-digit TOTP, 30-second step, one step of clock drift accepted. */
function totp(secretBase32: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    digits: 6,
    period: PERIOD_MS / 1000,
    algorithm: "SHA1",
  });
}

/**
 * The time step (30-second counter since the epoch) whose code `code` is, for a base32 secret at
 * `now`, one step of drift either side; `null` when it is none of them. Login accepts each step
 * once per member (RFC 6238 §5.2).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const delta = totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
    return delta === null ? null : Math.floor(now.getTime() / PERIOD_MS) + delta;
  } catch {
    return null;
  }
}

/**
 * Checks a six-digit TOTP code against a base32 secret at `now`, one 30-second step either side.
 */
export function verifyTotp(secretBase32: string, code: string, now: Date): boolean {
  return matchTotpStep(secretBase32, code, now) !== null;
}

/** The code an authenticator app would show at `now` (for sandboxes and tests). */
export function generateTotp(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}
