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

/** A new random TOTP secret (160 bits, RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URI an authenticator app reads (from a QR code) for a secret. */
export function totpUri(secretBase32: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secretBase32),
    digits: 6,
    period: PERIOD_MS / 1000,
    algorithm: "SHA1",
  }).toString();
}
