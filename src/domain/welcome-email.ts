import { z } from "zod";
import { PRODUCTS } from "./products";

/** Why an email is in the outbox. */
export const ACCOUNT_EMAIL_REASONS = [
  "MEMBER_CREATED",
  "PRODUCT_GRANTED",
  "INVITATION",
  "PASSWORD_RECOVERY",
] as const;

/**
 * An email the host should send: a welcome (spec: "a welcome email is sent per created row and per
 * newly granted product"), an invitation sent again, or a password recovery. rpdi sends nothing:
 * the service that plans one writes it to the outbox in its own transaction and also returns it.
 */
export const welcomeEmailSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  /** The member's address when the email was planned. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The product a welcome is for; `null` for an invitation sent again and for a recovery. */
  product: z.enum(PRODUCTS).nullable(),
  reason: z.enum(ACCOUNT_EMAIL_REASONS),
  /** ISO-8601 UTC time of the write that planned it. */
  createdAt: z.string(),
  /**
   * The single-use token the email carries (an invitation on `MEMBER_CREATED` and `INVITATION`, a
   * recovery on `PASSWORD_RECOVERY`), for the link the host builds; `null` otherwise. The store
   * keeps only its hash; this copy leaves with the email.
   */
  token: z.string().nullable().default(null),
  /** When `token` stops working (ISO-8601 UTC), or `null` without one. */
  tokenExpiresAt: z.string().nullable().default(null),
});
/** An email in the outbox: a welcome, an invitation, or a recovery. */
export type WelcomeEmail = z.infer<typeof welcomeEmailSchema>;
