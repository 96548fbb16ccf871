import { z } from "zod";
import { addressSchema, applicationEducationSchema } from "../domain/feed";
import { isIsoDate } from "../values/dates";
import { isWellFormedEmail } from "../values/email";

const id = z
  .string()
  .min(1, "must not be empty")
  .max(200, "at most 200 characters")
  .refine((text) => !text.includes("\u0000"), "must not contain NUL");
const name = z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters");
const isoDate = z.string().refine(isIsoDate, "expected a yyyy-MM-dd calendar date");

const ZONED = z.iso.datetime({ offset: true });
const LOCAL = z.iso.datetime({ local: true });

/** An ISO-8601 time with its zone (`Z` or an offset); a time without one says so. */
const zonedInstant = z.string().superRefine((text, context) => {
  if (ZONED.safeParse(text).success) return;
  context.addIssue({
    code: "custom",
    message: LOCAL.safeParse(text).success
      ? "has no time zone: end it with Z or an offset such as +01:00"
      : "expected an ISO-8601 time with a zone, such as 2026-03-02T14:05:00Z",
  });
});

/** A candidate as an application brings it: their name and contact details, whole. */
export const candidateInputSchema = z
  .object({
    id,
    firstName: name,
    lastName: name,
    email: z
      .string()
      .max(254)
      .refine(isWellFormedEmail, "is not an email address")
      .nullable()
      .default(null),
    phone: z.string().trim().max(50, "at most 50 characters").nullable().default(null),
  })
  .strict();

/** A status change as recorded: its id (unique within the application), status and time. */
export const statusChangeInputSchema = z
  .object({
    id,
    statusName: name,
    /** Needed only when the status is a step of several active pipelines with other buckets. */
    statusBucketName: name.optional(),
    at: zonedInstant,
  })
  .strict();

/** An application as {@link recordJobApplications} takes it. */
export const applicationRecordSchema = z
  .object({
    id,
    candidate: candidateInputSchema,
    jobId: id,
    offer: z
      .object({
        startDate: isoDate.nullable().default(null),
        salary: z.number().int().min(0).max(1_000_000_000).nullable().default(null),
      })
      .strict()
      .optional(),
    address: addressSchema.strict().optional(),
    education: z.array(applicationEducationSchema.strict()).max(100).optional(),
    customFieldAnswers: z
      .array(
        z
          .object({
            customFieldId: id,
            value: z
              .union([
                z.string().max(10_000),
                z.number(),
                z.boolean(),
                z.array(z.string().max(1_000)).max(100),
              ])
              .nullable(),
          })
          .strict(),
      )
      .max(1_000)
      .optional(),
    statusChanges: z.array(statusChangeInputSchema).max(10_000).default([]),
  })
  .strict();
/** An application as {@link recordJobApplications} takes it, before defaults. */
export type ApplicationRecord = z.input<typeof applicationRecordSchema>;
/** An application record, checked. */
export type CheckedApplicationRecord = z.output<typeof applicationRecordSchema>;
