import { z } from "zod";
import { accountTokenSchema, mfaEnrollmentSchema } from "./account";
import { noColumnMappings, savedColumnMappingsSchema } from "./column-mappings";
import { applicationSchema, candidateSchema, jobSchema } from "./feed";
import { reviewCycleSchema } from "./matters";
import { type Member, memberSchema } from "./member";
import { organizationProfileSchema } from "./organization";
import { welcomeEmailSchema } from "./welcome-email";

const text = z.string();

/**
 * One organization, completely: the format that seeds the memory store, feeds
 * `rpdi validate --org`, and that `exportSnapshot()` returns. Later versions of rpdi extend it
 * (review cycles, matters, the feed's data); every addition has a default, so older files load.
 */
export const organizationSnapshotSchema = z
  .object({
    version: z.literal(1).default(1),
    organization: organizationProfileSchema,
    members: z.array(memberSchema).default([]),
    /** Addresses of users who belong to other organizations (an import cannot create them). */
    externalUserEmails: z.array(text).default([]),
    /** Performance review cycles with their client matters and matter entries. */
    reviewCycles: z.array(reviewCycleSchema).default([]),
    /** The welcome-email outbox: planned by imports, not yet drained by the host. */
    welcomeEmails: z.array(welcomeEmailSchema).default([]),
    /** The recruiting data the job-application feed serves. */
    jobs: z.array(jobSchema).default([]),
    candidates: z.array(candidateSchema).default([]),
    applications: z.array(applicationSchema).default([]),
    /** Saved header mappings for member and matter files; none by default. */
    columnMappings: savedColumnMappingsSchema.default(noColumnMappings),
    /** Live invitation and recovery tokens, as their hashes; none by default. */
    accountTokens: z.array(accountTokenSchema).default([]),
    /** MFA enrollments begun and not yet confirmed; none by default. */
    mfaEnrollments: z.array(mfaEnrollmentSchema).default([]),
  })
  .superRefine(checkMemberLinks);
/** One organization's whole state: the format of fixtures, `--seed` and `--persist`. */
export type OrganizationSnapshot = z.infer<typeof organizationSnapshotSchema>;
/** A snapshot as a file may spell it, before defaults are applied. */
export type OrganizationSnapshotInput = z.input<typeof organizationSnapshotSchema>;

/**
 * Managers and mentors are members of the same snapshot: the stores keep these links by the rules,
 * not by foreign keys (docs/decisions.md), so a snapshot cannot bring a dangling one in.
 */
function checkMemberLinks(
  snapshot: {
    members: readonly Pick<Member, "id" | "managerId" | "mentorIds">[];
    accountTokens: readonly { memberId: string; purpose: string }[];
    mfaEnrollments: readonly { memberId: string }[];
  },
  context: z.RefinementCtx,
): void {
  const ids = new Set(snapshot.members.map((member) => member.id));
  checkAccountState(snapshot, ids, context);
  for (const [index, member] of snapshot.members.entries()) {
    if (member.managerId !== null && !ids.has(member.managerId))
      context.addIssue({
        code: "custom",
        path: ["members", index, "managerId"],
        message: `manager "${member.managerId}" is not a member of this snapshot`,
      });
    for (const [position, mentorId] of member.mentorIds.entries())
      if (!ids.has(mentorId))
        context.addIssue({
          code: "custom",
          path: ["members", index, "mentorIds", position],
          message: `mentor "${mentorId}" is not a member of this snapshot`,
        });
  }
}

/** Tokens and enrollments belong to members of the snapshot, one per member and purpose. */
function checkAccountState(
  snapshot: {
    accountTokens: readonly { memberId: string; purpose: string }[];
    mfaEnrollments: readonly { memberId: string }[];
  },
  ids: ReadonlySet<string>,
  context: z.RefinementCtx,
): void {
  const seen = new Set<string>();
  for (const [field, records] of [
    ["accountTokens", snapshot.accountTokens],
    ["mfaEnrollments", snapshot.mfaEnrollments],
  ] as const)
    for (const [index, record] of records.entries()) {
      const key = `${field}\u0000${record.memberId}\u0000${"purpose" in record ? record.purpose : ""}`;
      if (!ids.has(record.memberId) || seen.has(key))
        context.addIssue({
          code: "custom",
          path: [field, index, "memberId"],
          message: seen.has(key)
            ? `a second record for member "${record.memberId}"`
            : `member "${record.memberId}" is not a member of this snapshot`,
        });
      seen.add(key);
    }
}

/** Addresses of the members with access to PERFORM: the only valid matter attorneys. */
export function performMemberEmails(snapshot: Pick<OrganizationSnapshot, "members">): string[] {
  return snapshot.members
    .filter((member) => member.products.some((access) => access.product === "PERFORM"))
    .map((member) => member.email);
}

/** Reads an organization snapshot, filling defaults; throws a ZodError naming each problem. */
export function parseOrganizationSnapshot(input: unknown): OrganizationSnapshot {
  return organizationSnapshotSchema.parse(input);
}
