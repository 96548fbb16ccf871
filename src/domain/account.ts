import { z } from "zod";

/** What an account token lets its holder do: accept an invitation, or reset a forgotten password. */
export const ACCOUNT_TOKEN_PURPOSES = ["INVITATION", "RECOVERY"] as const;
/** One of {@link ACCOUNT_TOKEN_PURPOSES}. */
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * A single-use account token as stored: only its SHA-256 hash (hex), never the token itself. A
 * member has at most one per purpose: issuing another replaces it. It is void once used, once
 * expired, and once the member's address no longer matches `email`.
 */
export const accountTokenSchema = z.object({
  memberId: z.string(),
  purpose: z.enum(ACCOUNT_TOKEN_PURPOSES),
  /** SHA-256 of the token's bytes, lower-case hex. */
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The member's address when the token was issued. */
  email: z.string(),
  /** ISO-8601 UTC times. */
  createdAt: z.string(),
  expiresAt: z.string(),
});
/** A stored invitation or recovery token (its hash). */
export type AccountToken = z.infer<typeof accountTokenSchema>;

/**
 * An MFA enrollment begun and not yet confirmed: the new TOTP secret (base32) the member's
 * authenticator was shown. It becomes the member's MFA secret when a code of it is confirmed.
 */
export const mfaEnrollmentSchema = z.object({
  memberId: z.string(),
  secret: z.string(),
  /** ISO-8601 UTC times. */
  createdAt: z.string(),
  expiresAt: z.string(),
});
/** A pending MFA enrollment of one member. */
export type MfaEnrollment = z.infer<typeof mfaEnrollmentSchema>;

/** What a credentials write changes; absent fields stay as stored. */
export interface CredentialsChange {
  passwordHash?: string | null;
  mfaSecret?: string | null;
  useMfa?: boolean;
}
