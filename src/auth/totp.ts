import { Secret, TOTP } from "otpauth";

/** The spec's `mfaCode`: a 6-digit TOTP, 30-second step, one step of clock drift accepted. */
function totp(secretBase32: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secretBase32),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  });
}

/**
 * Checks a six-digit TOTP code against a base32 secret at `now`, one 30-second step either side.
 */
export function verifyTotp(secretBase32: string, code: string, now: Date): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return (
      totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 }) !== null
    );
  } catch {
    return false;
  }
}

/** The code an authenticator app would show at `now` (for sandboxes and tests). */
export function generateTotp(secretBase32: string, now: Date): string {
  return totp(secretBase32).generate({ timestamp: now.getTime() });
}
