import {
  invalidInput,
  type LiveDataOutcome,
  problemsOf,
  refusedWrite,
  unstorableTextProblems,
} from "../domain/live-data-outcome";
import type { OrganizationProfile } from "../domain/organization";
import type { Store } from "../store/port";
import { sameJson } from "../values/same-json";
import { type ProfileChanges, profileChangesSchema } from "./inputs";
import { runLiveData } from "./live-data-work";

/** What {@link updateOrganizationProfile} needs. */
export interface UpdateOrganizationProfileInput {
  orgId: string;
  changes: ProfileChanges;
}

/** What {@link updateOrganizationProfile} did. */
export interface ProfileUpdate {
  organization: OrganizationProfile;
  /** The fields whose value changed, in the order of the profile. */
  changed: (keyof OrganizationProfile)[];
  /** Whether every member's sessions ended (the MFA requirement or SSO changed). */
  sessionsEnded: boolean;
}

/**
 * Changes the organization's profile in place: the fields `changes` gives, the others as stored.
 * Members are untouched, but a change to the MFA requirement or to SSO ends every member's
 * sessions, as loading a snapshot with it does. Nothing is written when nothing changes.
 */
export async function updateOrganizationProfile(
  store: Store,
  input: UpdateOrganizationProfileInput,
): Promise<LiveDataOutcome<ProfileUpdate>> {
  const parsed = profileChangesSchema.safeParse(input.changes);
  if (!parsed.success) return invalidInput(problemsOf(parsed.error, null, ["changes"]));
  const unstorable = unstorableTextProblems(parsed.data, null, ["changes"]);
  if (unstorable.length > 0) return invalidInput(unstorable);
  const changes = parsed.data;
  if (changes.shortName !== undefined) {
    const holder = await store.findOrganizationId(changes.shortName);
    if (holder !== null && holder !== input.orgId)
      return refusedWrite("SHORT_NAME_TAKEN", "Another organization has this short name.", [
        { index: null, field: "changes.shortName", message: "is taken" },
      ]);
  }
  return runLiveData(store, input.orgId, async (tx) => {
    const current = await tx.loadOrganization();
    const next: OrganizationProfile = { ...current, ...changes };
    const changed = (Object.keys(next) as (keyof OrganizationProfile)[]).filter(
      (key) => !sameJson(next[key], current[key]),
    );
    const sessionsEnded = changed.includes("mfaRequired") || changed.includes("sso");
    if (changed.length > 0) await tx.saveOrganizationProfile(next);
    if (sessionsEnded) await tx.endOrganizationSessions();
    return { ok: true, organization: next, changed, sessionsEnded };
  });
}
