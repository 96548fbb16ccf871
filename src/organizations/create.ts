import {
  invalidInput,
  type LiveDataOutcome,
  problemsOf,
  refusedWrite,
  unstorableTextProblems,
} from "../domain/live-data-outcome";
import { type OrganizationProfile, organizationProfileSchema } from "../domain/organization";
import type { Store } from "../store/port";
import { type OrganizationInput, organizationInputSchema } from "./inputs";

/** What {@link createOrganization} needs. */
export interface CreateOrganizationInput {
  organization: OrganizationInput;
}

/**
 * Creates an organization with no members, jobs or applications: its profile (id, short name,
 * name, features, SSO, offices, lists, pipelines, custom fields), every field checked. Refuses
 * with `ORGANIZATION_EXISTS` when the id or the short name is taken.
 */
export async function createOrganization(
  store: Store,
  input: CreateOrganizationInput,
): Promise<LiveDataOutcome<{ organization: OrganizationProfile }>> {
  const parsed = organizationInputSchema.safeParse(input.organization);
  if (!parsed.success) return invalidInput(problemsOf(parsed.error, null, ["organization"]));
  const unstorable = unstorableTextProblems(parsed.data, null, ["organization"]);
  if (unstorable.length > 0) return invalidInput(unstorable);
  if (store.createOrganization === undefined)
    return refusedWrite("NOT_SUPPORTED", "This store cannot create organizations.");
  const organization = organizationProfileSchema.parse(parsed.data);
  if (!(await store.createOrganization(organization)))
    return refusedWrite(
      "ORGANIZATION_EXISTS",
      "An organization with this id or short name exists.",
    );
  return { ok: true, organization };
}
