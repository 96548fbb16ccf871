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

/**
 * {@link applicationRecordSchema} with its status changes left unread: they are most of a
 * batch's objects, and {@link readStatusChange} reads the common ones without zod's cost.
 */
export const applicationFieldsSchema = applicationRecordSchema.extend({
  statusChanges: z.array(z.unknown()).max(10_000).default([]),
});

/** An application record's own fields as {@link applicationFieldsSchema} reads them. */
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

/**
 * `value` read as {@link applicationFieldsSchema} reads it, or its problems: records written
 * plainly (an id; a candidate of names already trimmed, with or without email and phone; a job;
 * status changes; no other key) are read directly, anything else by the schema, so both answer
 * alike.
 */
export function readApplicationFields(
  value: unknown,
): { ok: true; fields: ApplicationFields } | { ok: false; error: z.core.$ZodError } {
  const plain = plainApplicationFields(value);
  if (plain !== null) return { ok: true, fields: plain };
  const parsed = applicationFieldsSchema.safeParse(value);
  return parsed.success ? { ok: true, fields: parsed.data } : { ok: false, error: parsed.error };
}

function plainApplicationFields(value: unknown): ApplicationFields | null {
  if (!isPlainObject(value)) return null;
  for (const key in value)
    if (key !== "id" && key !== "candidate" && key !== "jobId" && key !== "statusChanges")
      return null;
  const { id, candidate, jobId, statusChanges } = value;
  if (!plainId(id) || !plainId(jobId)) return null;
  if (
    statusChanges !== undefined &&
    (!Array.isArray(statusChanges) || statusChanges.length > 10_000)
  )
    return null;
  const person = plainCandidate(candidate);
  if (person === null) return null;
  return { id, candidate: person, jobId, statusChanges: statusChanges ?? [] };
}

function plainCandidate(value: unknown): ApplicationFields["candidate"] | null {
  if (!isPlainObject(value)) return null;
  for (const key in value)
    if (
      key !== "id" &&
      key !== "firstName" &&
      key !== "lastName" &&
      key !== "email" &&
      key !== "phone"
    )
      return null;
  const { id, firstName, lastName, email, phone } = value;
  if (!plainId(id) || !plainName(firstName) || !plainName(lastName)) return null;
  if (
    email !== undefined &&
    email !== null &&
    (typeof email !== "string" || email.length > 254 || !isWellFormedEmail(email))
  )
    return null;
  if (
    phone !== undefined &&
    phone !== null &&
    (typeof phone !== "string" || phone.length > 50 || phone.trim() !== phone)
  )
    return null;
  return { id, firstName, lastName, email: email ?? null, phone: phone ?? null };
}

/** An object zod reads key by key: not an array, no getters or prototype of its own to consult. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function plainId(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= 200 &&
    !value.includes("\u0000")
  );
}

const ZONED_PATTERN = z.regexes.datetime({ offset: true });

/** A status change as {@link statusChangeInputSchema} reads it. */
export type StatusChangeInput = z.output<typeof statusChangeInputSchema>;

/**
 * `value` read as {@link statusChangeInputSchema} reads it, or its problems: changes written
 * plainly (no key but the schema's, names already trimmed, the schema's own time pattern) are
 * read directly, anything else by the schema, so both answer alike.
 */
export function readStatusChange(
  value: unknown,
): { ok: true; change: StatusChangeInput } | { ok: false; error: z.core.$ZodError } {
  const plain = plainStatusChange(value);
  if (plain !== null) return { ok: true, change: plain };
  const parsed = statusChangeInputSchema.safeParse(value);
  return parsed.success ? { ok: true, change: parsed.data } : { ok: false, error: parsed.error };
}

function plainStatusChange(value: unknown): StatusChangeInput | null {
  if (!isPlainObject(value)) return null;
  for (const key in value)
    if (key !== "id" && key !== "statusName" && key !== "statusBucketName" && key !== "at")
      return null;
  const { id, statusName, statusBucketName, at } = value;
  if (!plainId(id)) return null;
  if (!plainName(statusName) || (statusBucketName !== undefined && !plainName(statusBucketName)))
    return null;
  if (typeof at !== "string" || !ZONED_PATTERN.test(at)) return null;
  return statusBucketName === undefined
    ? { id, statusName, at }
    : { id, statusName, statusBucketName, at };
}

function plainName(value: unknown): value is string {
  return (
    typeof value === "string" && value.length > 0 && value.length <= 200 && value.trim() === value
  );
}
