import { z } from "zod";
import { PRODUCTS } from "./products";

/**
 * A welcome email the host should send (spec: "a welcome email is sent per created row and per
 * newly granted product"). rpdi sends nothing: an import writes these to the outbox in its own
 * transaction and also returns them.
 */
export const welcomeEmailSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  /** The member's address when the email was planned. */
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  product: z.enum(PRODUCTS),
  reason: z.enum(["MEMBER_CREATED", "PRODUCT_GRANTED"]),
  /** ISO-8601 UTC time of the import that planned it. */
  createdAt: z.string(),
});
/** A welcome email in the outbox, for a member an import created. */
export type WelcomeEmail = z.infer<typeof welcomeEmailSchema>;
