import { Secret } from "otpauth";
import { generateTotp } from "../auth/totp";

const STEP_MS = 30_000;
/** The server's `Date` header has a resolution of one second; smaller offsets are noise. */
const SKEW_WORTH_CORRECTING_MS = 5_000;

/**
 * Produces the `mfaCode` of each login from the MFA secret (RFC 6238: 6 digits, 30-second steps).
 *
 * - The code is computed at the service's time: the offset between this machine's clock and the
 *   `Date` header of the service's answers is tracked, so a client whose clock is minutes off
 *   still logs in (the first login's answer carries the time; the login is tried once more then).
 * - A service accepts each code once (RFC 6238 §5.2), so a second login within the same step
 *   waits for the next step instead of sending a code that is sure to be refused.
 */
export class MfaCodes {
  private offsetMs = 0;
  private lastStep: number | undefined;

  constructor(private readonly secret: string) {}

  /** Throws when the secret is not base32, without echoing it. */
  static check(secret: string): void {
    try {
      Secret.fromBase32(secret.replace(/\s+/g, ""));
    } catch {
      throw new TypeError("credentials.mfaSecret is not a base32 MFA secret");
    }
  }

  /** The wait before the next code may be sent, and the code, at this machine's time `now`. */
  next(now: number): { waitMs: number; code: () => string } {
    const serverNow = now + this.offsetMs;
    let step = Math.floor(serverNow / STEP_MS);
    // A sent step stays spent whatever the clock estimate learns later: the service refuses it
    // again. Only a step two or more ahead of the service's time is forgotten, since the service
    // (one step of drift) cannot have accepted it: a clock found behind then does not wait for it.
    if (this.lastStep !== undefined && step <= this.lastStep && this.lastStep - step <= 1)
      step = this.lastStep + 1;
    const waitMs = Math.max(0, step * STEP_MS - serverNow);
    return {
      waitMs,
      code: () => {
        this.lastStep = step;
        return generateTotp(this.secret.replace(/\s+/g, ""), new Date(step * STEP_MS));
      },
    };
  }

  /**
   * Learns the service's clock from an answer's `Date` header; says whether the estimate moved
   * enough to change the code (a refused login is then worth one more try).
   */
  observe(dateHeader: string | null, receivedAt: number): boolean {
    if (dateHeader === null) return false;
    const serverTime = Date.parse(dateHeader);
    if (Number.isNaN(serverTime)) return false;
    const offset = serverTime - receivedAt;
    const moved = Math.abs(offset - this.offsetMs) >= SKEW_WORTH_CORRECTING_MS;
    // The last step is kept: it was sent, and the service may have accepted it (a code one step
    // off is accepted), so forgetting it here made the next login in that step reuse its code.
    if (moved) this.offsetMs = Math.abs(offset) >= SKEW_WORTH_CORRECTING_MS ? offset : 0;
    return moved;
  }
}
