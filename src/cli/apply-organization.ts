import { isDeepStrictEqual } from "node:util";
import type { LiveDataError } from "../domain/live-data-outcome";
import type { Office, OrganizationProfile } from "../domain/organization";
import { createOrganization } from "../organizations/create";
import { officeKey, type ProfileChanges } from "../organizations/inputs";
import { upsertJobs } from "../organizations/jobs";
import { upsertOffices } from "../organizations/offices";
import { upsertPipelines } from "../organizations/pipelines";
import { createReviewCycle } from "../organizations/review-cycle";
import { updateOrganizationProfile } from "../organizations/update-profile";
import { OrganizationNotFoundError } from "../store/errors";
import type { Store } from "../store/port";
import { runSingleRead } from "../store/run";
import type { OrganizationFile } from "./organization-file";

/** What applying an organization file did: a line per change, and the refusal that stopped it. */
export interface AppliedOrganization {
  changes: string[];
  /** Fields the file sets otherwise than stored that no service changes in place. */
  notChanged: string[];
  refused: LiveDataError | null;
}

/** The profile fields `updateOrganizationProfile` changes in place, as the file gives them. */
const PROFILE_FIELDS = [
  "name",
  "shortName",
  "features",
  "mfaRequired",
  "sso",
  "siteUrl",
  "departments",
  "customPracticeAreas",
  "memberLevels",
  "applicationCustomFields",
] as const satisfies readonly (keyof ProfileChanges)[];

/** The profile fields only a snapshot sets (no service changes them in place). */
const SNAPSHOT_ONLY_FIELDS = ["lawSchools", "staticPracticeAreas"] as const;

/**
 * Makes the store's organization what the file says: created when its id is unknown, otherwise
 * changed in place (profile fields, offices — those not in the file retired —, pipelines); then
 * its jobs upserted and its review cycles created when missing. Each step is a transaction of its
 * own: a refusal stops the steps after it, and the ones before stay applied.
 */
export async function applyOrganization(
  store: Store,
  file: OrganizationFile,
): Promise<AppliedOrganization> {
  const applied: AppliedOrganization = { changes: [], notChanged: [], refused: null };
  const { id } = file.organization;
  const stored = await storedProfile(store, id);
  const steps: (() => Promise<LiveDataError | null>)[] =
    stored === null
      ? [() => create(store, file, applied)]
      : [
          () => changeProfile(store, file, stored, applied),
          () => changeOffices(store, file, stored, applied),
          () => changePipelines(store, file, stored, applied),
        ];
  if (file.jobs.length > 0) steps.push(() => changeJobs(store, file, applied));
  for (const reviewCycle of file.reviewCycles)
    steps.push(async () => {
      const outcome = await createReviewCycle(store, { orgId: id, reviewCycle });
      if (outcome.ok)
        applied.changes.push(`created review cycle ${reviewCycle.id} (${reviewCycle.name})`);
      return outcome.ok || outcome.error.code === "REVIEW_CYCLE_EXISTS" ? null : outcome.error;
    });
  for (const step of steps) {
    applied.refused = await step();
    if (applied.refused !== null) break;
  }
  if (stored !== null)
    for (const field of SNAPSHOT_ONLY_FIELDS)
      if (!isDeepStrictEqual(stored[field], file.organization[field]))
        applied.notChanged.push(field);
  return applied;
}

async function storedProfile(store: Store, orgId: string): Promise<OrganizationProfile | null> {
  try {
    return await runSingleRead(store, orgId, (tx) => tx.loadOrganization());
  } catch (error) {
    if (error instanceof OrganizationNotFoundError) return null;
    throw error;
  }
}

async function create(store: Store, file: OrganizationFile, applied: AppliedOrganization) {
  const outcome = await createOrganization(store, { organization: file.organizationInput });
  if (!outcome.ok) return outcome.error;
  const { id, shortName, name } = outcome.organization;
  applied.changes.push(`created organization ${id} (${shortName}, ${name})`);
  return null;
}

async function changeProfile(
  store: Store,
  file: OrganizationFile,
  stored: OrganizationProfile,
  applied: AppliedOrganization,
) {
  // Only the fields that differ, compared whatever their keys' order: the service ends every
  // session when it sees SSO change, and a store may give its keys back in another order.
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS)
    if (!isDeepStrictEqual(stored[field], file.organization[field]))
      changes[field] = file.organization[field];
  if (Object.keys(changes).length === 0) return null;
  const outcome = await updateOrganizationProfile(store, {
    orgId: stored.id,
    changes: changes as ProfileChanges,
  });
  if (!outcome.ok) return outcome.error;
  for (const field of outcome.changed) applied.changes.push(`changed ${field}`);
  if (outcome.sessionsEnded)
    applied.changes.push("ended every member's sessions (MFA or SSO changed)");
  return null;
}

async function changeOffices(
  store: Store,
  file: OrganizationFile,
  stored: OrganizationProfile,
  applied: AppliedOrganization,
) {
  const wanted = new Set(file.organization.offices.map(officeKey));
  const had = new Set(stored.offices.map(officeKey));
  const retiring = stored.offices.filter((office) => !wanted.has(officeKey(office)));
  const adding = file.organization.offices.filter((office) => !had.has(officeKey(office)));
  if (retiring.length === 0 && adding.length === 0) return null;
  const outcome = await upsertOffices(store, {
    orgId: stored.id,
    offices: [...adding, ...retiring.map((office) => ({ ...office, retired: true }))],
  });
  if (!outcome.ok) return outcome.error;
  for (const office of adding) applied.changes.push(`added office ${officeName(office)}`);
  for (const office of retiring) applied.changes.push(`retired office ${officeName(office)}`);
  return null;
}

async function changePipelines(
  store: Store,
  file: OrganizationFile,
  stored: OrganizationProfile,
  applied: AppliedOrganization,
) {
  const before = new Map(stored.pipelines.map((pipeline) => [pipeline.id, pipeline]));
  const lines: string[] = [];
  for (const pipeline of file.organization.pipelines) {
    const was = before.get(pipeline.id);
    if (was === undefined) lines.push(`created pipeline ${pipeline.id} (${pipeline.name})`);
    else if (!isDeepStrictEqual(was, pipeline))
      lines.push(`changed pipeline ${pipeline.id} (${pipeline.name})`);
  }
  if (lines.length === 0) return null;
  const outcome = await upsertPipelines(store, {
    orgId: stored.id,
    pipelines: file.organization.pipelines,
  });
  if (!outcome.ok) return outcome.error;
  for (const line of lines) applied.changes.push(line);
  return null;
}

async function changeJobs(store: Store, file: OrganizationFile, applied: AppliedOrganization) {
  const outcome = await upsertJobs(store, { orgId: file.organization.id, jobs: file.jobs });
  if (!outcome.ok) return outcome.error;
  if (outcome.created > 0) applied.changes.push(`created ${count(outcome.created, "job")}`);
  if (outcome.updated > 0) applied.changes.push(`changed ${count(outcome.updated, "job")}`);
  return null;
}

function officeName(office: Office): string {
  return `${office.city}, ${office.state ?? office.country}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
