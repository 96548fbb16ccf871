import {
  type InputProblem,
  invalidInput,
  type LiveDataOutcome,
  problemsOf,
  unstorableTextProblems,
} from "../domain/live-data-outcome";
import type { Office } from "../domain/organization";
import type { Store } from "../store/port";
import { type OfficeChange, officeChangeSchema, officeKey } from "./inputs";
import { runLiveData, tooMany } from "./live-data-work";

/** What {@link upsertOffices} needs. */
export interface UpsertOfficesInput {
  orgId: string;
  offices: readonly OfficeChange[];
}

/** What {@link upsertOffices} did. */
export interface OfficesUpdate {
  /** Offices new to the list. */
  added: number;
  /** Offices taken off the list. */
  retired: number;
  /** The organization's offices now. */
  offices: Office[];
}

/**
 * Adds offices to the organization's list and retires others (`retired: true`), by their
 * (city, state, country) triple; one call may do both, so renaming an office is retiring the old
 * triple and adding the new one. Members keep the office they have: a retired office is only no
 * longer one an import may give. Offices already listed, or already retired, change nothing.
 */
export async function upsertOffices(
  store: Store,
  input: UpsertOfficesInput,
): Promise<LiveDataOutcome<OfficesUpdate>> {
  const refused = tooMany(input.offices.length, "offices");
  if (refused !== null) return refused;
  const problems: InputProblem[] = [];
  const changes: { office: Office; retired: boolean }[] = [];
  const seen = new Set<string>();
  for (const [index, change] of input.offices.entries()) {
    const parsed = officeChangeSchema.safeParse(change);
    if (!parsed.success) {
      for (const problem of problemsOf(parsed.error, index)) problems.push(problem);
      continue;
    }
    const unstorable = unstorableTextProblems(parsed.data, index);
    if (unstorable.length > 0) {
      for (const problem of unstorable) problems.push(problem);
      continue;
    }
    const { retired, ...office } = parsed.data;
    const key = officeKey(office);
    if (seen.has(key)) problems.push({ index, field: "", message: "names an office given before" });
    seen.add(key);
    changes.push({ office, retired });
  }
  if (problems.length > 0) return invalidInput(problems);
  return runLiveData(store, input.orgId, async (tx) => {
    const organization = await tx.loadOrganization();
    const retiring = new Set(
      changes.filter((change) => change.retired).map((c) => officeKey(c.office)),
    );
    const listed = new Set(organization.offices.map(officeKey));
    const kept = organization.offices.filter((office) => !retiring.has(officeKey(office)));
    const added = changes.filter(
      (change) => !change.retired && !listed.has(officeKey(change.office)),
    );
    const offices = [...kept, ...added.map((change) => change.office)];
    const retired = organization.offices.length - kept.length;
    if (added.length > 0 || retired > 0)
      await tx.saveOrganizationProfile({ ...organization, offices });
    return { ok: true, added: added.length, retired, offices };
  });
}
