import { z } from "zod";
import { isIsoDate } from "../values/dates";

const isoDate = z.string().refine(isIsoDate, { message: "expected a yyyy-MM-dd calendar date" });
const instant = z.iso.datetime({ offset: true });

/** A pipeline template: customer-defined steps, each in a bucket. */
export const pipelineSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Only active templates' steps are valid `job_application_status` values. */
  active: z.boolean().default(true),
  steps: z.array(z.object({ name: z.string(), bucket: z.string() })).default([]),
});
/** A hiring pipeline: its statuses and the buckets they belong to. */
export type Pipeline = z.infer<typeof pipelineSchema>;

/** The types of application custom-field questions. */
export const CUSTOM_FIELD_TYPES = [
  "FREE_TEXT",
  "DATE",
  "NUMERIC",
  "MONETARY",
  "SINGLE_SELECT",
  "BOOLEAN",
  "MULTI_SELECT",
] as const;
/** One of {@link CUSTOM_FIELD_TYPES}. */
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A custom question on job applications. */
export const customFieldSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  /** The spec's SHOW_ON_JOB_APPLICATION: only these fields appear in the feed. */
  showOnJobApplication: z.boolean().default(true),
});
/** An application custom-field question of the organization. */
export type CustomField = z.infer<typeof customFieldSchema>;

/** Schema of {@link FeedJob}: the fields of a job that the job-application feed reads. */
export const feedJobSchema = z.object({
  id: z.string(),
  title: z.string(),
  department: z.string().default(""),
  officeLocation: z.string().default(""),
  employmentType: z.string().default(""),
  hiringType: z.string().default(""),
  position: z.string().default(""),
  requisitionId: z.string().nullable().default(null),
});
/** A job as the feed reads it (adapters' feed reads need not load the job board's fields). */
export type FeedJob = z.infer<typeof feedJobSchema>;

/**
 * The job board's fields of a job, all with defaults, so a snapshot without them loads. None of
 * them is in the feed's record (feed/record.ts names its fields one by one).
 */
export const jobBoardFieldsSchema = z.object({
  /** Listed on the public job board (while open): nothing is public unless set. */
  public: z.boolean().default(false),
  /** The title a careers page shows; `null` shows `title`. */
  publicTitle: z.string().nullable().default(null),
  /** Plain text or Markdown, kept and served as text: never markup to insert as HTML. */
  description: z.string().default(""),
  /** First day listed (`yyyy-MM-dd`, a UTC calendar day, inclusive); `null`: no first day. */
  openDate: isoDate.nullable().default(null),
  /** Last day listed (`yyyy-MM-dd`, a UTC calendar day, inclusive); `null`: no last day. */
  closeDate: isoDate.nullable().default(null),
});

/** Schema of {@link Job}: the feed's fields and the job board's. */
export const jobSchema = feedJobSchema.extend(jobBoardFieldsSchema.shape);
/** A stored job posting. */
export type Job = z.infer<typeof jobSchema>;

/** Schema of {@link Candidate}. */
export const candidateSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable().default(null),
  phone: z.string().nullable().default(null),
});
/** A stored candidate: name and contact details. */
export type Candidate = z.infer<typeof candidateSchema>;

/** Schema of {@link StatusChange}. */
export const statusChangeSchema = z.object({
  /**
   * The id of a change recorded by `recordJobApplications` (unique within its application): a
   * change sent again under it is known and not added twice. Absent for changes a snapshot brought
   * without one.
   */
  id: z.string().optional(),
  statusName: z.string(),
  statusBucketName: z.string(),
  /** When the application entered the status (ISO-8601; stored and compared as UTC). */
  at: instant,
});
/** One change of an application's status, with its time (ISO-8601 with offset). */
export type StatusChange = z.infer<typeof statusChangeSchema>;

/**
 * A stored answer, by question type: text for free text, single-select and monetary amounts
 * written as text; a `yyyy-MM-dd` date; a number; a boolean; several options for multi-select.
 */
export const customFieldAnswerSchema = z.object({
  customFieldId: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullable(),
});
/** A stored answer to a custom-field question. */
export type CustomFieldAnswer = z.infer<typeof customFieldAnswerSchema>;

/** Schema of {@link ApplicationEducation}. */
export const applicationEducationSchema = z.object({
  university: z.string(),
  degree: z.string().nullable().default(null),
  startDate: isoDate.nullable().default(null),
  endDate: isoDate.nullable().default(null),
});
/** One education entry of an application, as stored. */
export type ApplicationEducation = z.infer<typeof applicationEducationSchema>;

export const addressSchema = z.object({
  addressLine1: z.string().default(""),
  addressLine2: z.string().default(""),
  city: z.string().default(""),
  state: z.string().default(""),
  zipCode: z.string().default(""),
});

/** Schema of {@link Application}, with its defaults. */
export const applicationSchema = z.object({
  id: z.string(),
  candidateId: z.string(),
  jobId: z.string(),
  offer: z
    .object({
      startDate: isoDate.nullable().default(null),
      salary: z.number().int().nullable().default(null),
    })
    .default({ startDate: null, salary: null }),
  address: addressSchema.default({
    addressLine1: "",
    addressLine2: "",
    city: "",
    state: "",
    zipCode: "",
  }),
  statusChanges: z.array(statusChangeSchema).default([]),
  customFieldAnswers: z.array(customFieldAnswerSchema).default([]),
  education: z.array(applicationEducationSchema).default([]),
});
/**
 * A stored job application: candidate, job, offer, address, status history, custom-field answers
 * and education.
 */
export type Application = z.infer<typeof applicationSchema>;

/** An application with its candidate and job: what the feed reads. */
export interface FeedApplication {
  application: Application;
  candidate: Candidate;
  job: FeedJob;
  /**
   * Each status change's time in epoch milliseconds, parallel to `application.statusChanges`.
   * Optional: an adapter that keeps times parsed supplies them so the feed need not parse them
   * again; without them, times are read from each change's `at`.
   */
  statusTimes?: readonly number[];
}

/**
 * A stored status change with its time in epoch milliseconds (truncated to the millisecond, as
 * `Date.parse` reads a finer time), for adapters that select the feed's range themselves.
 */
export interface RangedStatusChange {
  applicationId: string;
  /** Its place in the application's stored history: orders changes made at the same time. */
  position: number;
  statusName: string;
  statusBucketName: string;
  at: number;
}

/**
 * An application as the feed's record needs it when its status changes come separately: without
 * its history, with the time of its latest status change (epoch milliseconds).
 */
export interface FeedApplicationHead {
  application: Omit<Application, "statusChanges">;
  candidate: Candidate;
  job: FeedJob;
  latestStatusAt: number;
}
