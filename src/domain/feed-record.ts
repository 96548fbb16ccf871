import { z } from "zod";
import { instantTextFormatter } from "../values/instants";
import type {
  ApplicationEducation,
  CustomField,
  CustomFieldAnswer,
  FeedApplication,
  FeedApplicationHead,
  StatusChange,
} from "./feed";
import type { OrganizationProfile } from "./organization";

/** Schema of {@link JobApplicationStatus}. */
export const jobApplicationStatusSchema = z.object({
  statusName: z.string(),
  statusBucketName: z.string(),
  statusUpdatedAt: z.string(),
});
/** A status change of a feed record. */
export type JobApplicationStatus = z.infer<typeof jobApplicationStatusSchema>;

/** Schema of {@link JobApplicationCustomField}. */
export const jobApplicationCustomFieldSchema = z.object({
  customFieldTitle: z.string(),
  customFieldAnswer: z.array(z.string()).nullable(),
});
/** A custom field of a feed record. */
export type JobApplicationCustomField = z.infer<typeof jobApplicationCustomFieldSchema>;

/** Schema of {@link JobApplicationEducation}. */
export const jobApplicationEducationSchema = z.object({
  university: z.string(),
  degree: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
/** An education entry of a feed record. */
export type JobApplicationEducation = z.infer<typeof jobApplicationEducationSchema>;

/** One record of GET /v1/job-applications, exactly as the spec's tables. */
export const jobApplicationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  candidateId: z.string(),
  candidateUrl: z.string(),
  applicationId: z.string(),
  jobTitle: z.string(),
  jobId: z.string(),
  department: z.string(),
  officeLocation: z.string(),
  employmentType: z.string(),
  hiringType: z.string(),
  position: z.string(),
  requisitionId: z.string().nullable(),
  startDate: z.string().nullable(),
  salary: z.number().int().nullable(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  jobApplicationLastStatusUpdate: z.string(),
  jobApplicationStatuses: z.array(jobApplicationStatusSchema),
  /** Omitted when the organization shows no custom fields on job applications. */
  customFields: z.array(jobApplicationCustomFieldSchema).optional(),
  /** `null` when the application has no education; never an empty array. */
  educationHistory: z.array(jobApplicationEducationSchema).min(1).nullable(),
});
/** One record of the job-application feed (see {@link jobApplicationSchema}). */
export type JobApplication = z.infer<typeof jobApplicationSchema>;

/** The feed's 200 body: an array, empty when nothing matches. */
export const jobApplicationListSchema = z.array(jobApplicationSchema);

/** What shaping needs of the organization. */
export type FeedOrganization = Pick<
  OrganizationProfile,
  "shortName" | "siteUrl" | "applicationCustomFields"
>;

/** A status change with its time already parsed to epoch milliseconds. */
export interface TimedStatusChange {
  change: StatusChange;
  at: number;
}

/**
 * Everything of an application's feed record but the statuses a query shows: it depends only on
 * the stored application and the organization, so an index can work it out once.
 */
export type JobApplicationBase = Omit<JobApplication, "jobApplicationStatuses">;

/** The record for one application, given the status changes it shows (already in order). */
export function shapeJobApplication(
  source: FeedApplication,
  shown: readonly StatusChange[],
  organization: FeedOrganization,
): JobApplication {
  return jobApplicationShaper(organization)(
    source,
    shown.map((change) => ({ change, at: Date.parse(change.at) })),
  );
}

/**
 * {@link shapeJobApplication} with what depends only on the organization worked out once: a feed
 * shapes thousands of records per query.
 */
export function jobApplicationShaper(
  organization: FeedOrganization,
): (source: FeedApplication, shown: readonly TimedStatusChange[]) => JobApplication {
  const shaper = feedRecordShaper(organization);
  return (source, shown) =>
    shaper.record(
      shaper.base(source),
      shown.map(({ change, at }) => shaper.status(change, at)),
    );
}

/** The parts a feed record is made of, for one organization. */
export interface FeedRecordShaper {
  /**
   * The fixed part of `source`'s record. Its `customFields` and `educationHistory` entries are
   * frozen, since an index shares them between the records of every query.
   */
  base(source: FeedApplication): JobApplicationBase;
  /** {@link FeedRecordShaper.base} of an application read without its status history. */
  baseOfHead(head: FeedApplicationHead): JobApplicationBase;
  /** A shown status change at `at` (epoch milliseconds). */
  status(
    change: Pick<StatusChange, "statusName" | "statusBucketName">,
    at: number,
  ): JobApplicationStatus;
  /** The record: `base` with `statuses`, its fields in the spec's order. */
  record(base: JobApplicationBase, statuses: JobApplicationStatus[]): JobApplication;
}

/** The shaper of `organization`'s feed records; it caches formatted dates, so use one per query. */
export function feedRecordShaper(organization: FeedOrganization): FeedRecordShaper {
  const fields = organization.applicationCustomFields.filter((field) => field.showOnJobApplication);
  const instantText = instantTextFormatter();
  const candidatesUrl = `${organization.siteUrl.replace(/\/+$/, "")}/app/${encodeURIComponent(organization.shortName)}/candidates/`;
  function baseOf(
    { application, candidate, job }: Pick<FeedApplicationHead, "application" | "candidate" | "job">,
    latestStatusAt: number,
  ): JobApplicationBase {
    const base: JobApplicationBase = {
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      email: candidate.email,
      phone: candidate.phone,
      candidateId: candidate.id,
      candidateUrl: candidatesUrl + encodeURIComponent(candidate.id),
      applicationId: application.id,
      jobTitle: job.title,
      jobId: job.id,
      department: job.department,
      officeLocation: job.officeLocation,
      employmentType: job.employmentType,
      hiringType: job.hiringType,
      position: job.position,
      requisitionId: job.requisitionId,
      startDate: application.offer.startDate,
      salary: application.offer.salary,
      addressLine1: application.address.addressLine1,
      addressLine2: application.address.addressLine2,
      city: application.address.city,
      state: application.address.state,
      zipCode: application.address.zipCode,
      jobApplicationLastStatusUpdate: instantText(latestStatusAt),
      educationHistory: educationHistory(application.education),
    };
    if (fields.length > 0)
      base.customFields = Object.freeze(
        fields.map((field) => customFieldItem(field, application.customFieldAnswers)),
      ) as JobApplicationCustomField[];
    return base;
  }
  return {
    base: (source) => baseOf(source, latestStatusTime(source)),
    baseOfHead: (head) => baseOf(head, head.latestStatusAt),
    status(change, at) {
      return {
        statusName: change.statusName,
        statusBucketName: change.statusBucketName,
        statusUpdatedAt: instantText(at),
      };
    },
    record(base, statuses) {
      const record: JobApplication = {
        firstName: base.firstName,
        lastName: base.lastName,
        email: base.email,
        phone: base.phone,
        candidateId: base.candidateId,
        candidateUrl: base.candidateUrl,
        applicationId: base.applicationId,
        jobTitle: base.jobTitle,
        jobId: base.jobId,
        department: base.department,
        officeLocation: base.officeLocation,
        employmentType: base.employmentType,
        hiringType: base.hiringType,
        position: base.position,
        requisitionId: base.requisitionId,
        startDate: base.startDate,
        salary: base.salary,
        addressLine1: base.addressLine1,
        addressLine2: base.addressLine2,
        city: base.city,
        state: base.state,
        zipCode: base.zipCode,
        jobApplicationLastStatusUpdate: base.jobApplicationLastStatusUpdate,
        jobApplicationStatuses: statuses,
        educationHistory: base.educationHistory,
      };
      if (base.customFields !== undefined) record.customFields = base.customFields;
      return record;
    },
  };
}

/** The time of a status change, parsed by the adapter when it supplied `statusTimes`. */
export function statusTime(source: FeedApplication, index: number): number {
  return (
    source.statusTimes?.[index] ??
    Date.parse((source.application.statusChanges[index] as StatusChange).at)
  );
}

function latestStatusTime(source: FeedApplication): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < source.application.statusChanges.length; index++)
    max = Math.max(max, statusTime(source, index));
  return max;
}

/**
 * Every shown field appears, answered or not. Single-value types give one string (a date as its
 * ISO text, numbers and amounts as text, booleans as "true"/"false"), multi-select several;
 * unanswered is `null`.
 */
function customFieldItem(
  field: CustomField,
  answers: readonly CustomFieldAnswer[],
): JobApplicationCustomField {
  const value = answers.find((answer) => answer.customFieldId === field.id)?.value ?? null;
  return Object.freeze({
    customFieldTitle: field.title,
    customFieldAnswer:
      value === null
        ? null
        : (Object.freeze(Array.isArray(value) ? [...value] : [String(value)]) as string[]),
  });
}

/** Most recent first by end date, entries without one first, otherwise as stored; `null` when none. */
function educationHistory(
  education: readonly ApplicationEducation[],
): JobApplicationEducation[] | null {
  if (education.length === 0) return null;
  const rank = (entry: ApplicationEducation) => entry.endDate ?? "\uffff";
  return Object.freeze(
    [...education]
      .sort((a, b) => (rank(a) === rank(b) ? 0 : rank(a) > rank(b) ? -1 : 1))
      .map(({ university, degree, startDate, endDate }) =>
        Object.freeze({ university, degree, startDate, endDate }),
      ),
  ) as JobApplicationEducation[];
}
