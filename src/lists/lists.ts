import { z } from "zod";
import { writeCsv } from "../csv/write";
import { Feature } from "../domain/features";
import { type OrganizationProfile, officeSchema } from "../domain/organization";
import type { Store } from "../store/port";
import { runSingleRead } from "../store/run";
import { LAW_SCHOOLS } from "./law-schools";
import { STATIC_PRACTICE_AREAS } from "./practice-areas";

/** Schema of {@link PracticeArea}. */
export const practiceAreaSchema = z.object({
  name: z.string(),
  type: z.enum(["STATIC", "CUSTOM"]),
});
/** A practice area of the lookup lists. */
export type PracticeArea = z.infer<typeof practiceAreaSchema>;

/** Bodies of the lookup endpoints (their shapes are rpdi's: the spec does not show them). */
export const stringListSchema = z.array(z.string());
/** Schema of the practice-areas list endpoint's body. */
export const practiceAreaListSchema = z.array(practiceAreaSchema);
/** Schema of the offices list endpoint's body. */
export const officeListSchema = z.array(officeSchema);

/** Every lookup list an organization's member CSV is validated against. */
export interface LookupLists {
  lawSchools: string[];
  /** The global static practice areas (GET /practiceAreasStaticList). */
  staticPracticeAreas: string[];
  /** The organization's custom practice areas (GET /firmPracticeAreasList), feature or not. */
  customPracticeAreas: string[];
  /** The merged set that passes validation, tagged by type (GET /practiceAreas/current). */
  practiceAreas: PracticeArea[];
  departments: string[];
  offices: OrganizationProfile["offices"];
  /** `null` when the member-levels feature is off (GET /org-member-levels is not served). */
  memberLevels: string[] | null;
}

/** The lookup lists of an organization, from its profile. Pure. */
export function lookupLists(organization: OrganizationProfile): LookupLists {
  const staticPracticeAreas = [...(organization.staticPracticeAreas ?? STATIC_PRACTICE_AREAS)];
  const customCounts = organization.features.includes(Feature.CUSTOM_PRACTICE_AREAS);
  return {
    lawSchools: [...(organization.lawSchools ?? LAW_SCHOOLS)],
    staticPracticeAreas,
    customPracticeAreas: [...organization.customPracticeAreas],
    practiceAreas: [
      ...staticPracticeAreas.map((name) => ({ name, type: "STATIC" as const })),
      ...(customCounts
        ? organization.customPracticeAreas.map((name) => ({ name, type: "CUSTOM" as const }))
        : []),
    ],
    departments: [...organization.departments],
    offices: organization.offices.map((office) => ({ ...office })),
    memberLevels: organization.features.includes(Feature.MEMBER_LEVELS)
      ? [...organization.memberLevels]
      : null,
  };
}

/** Loads an organization's lookup lists in one read-only transaction. */
export function loadLookupLists(store: Store, input: { orgId: string }): Promise<LookupLists> {
  return runSingleRead(store, input.orgId, async (tx) => lookupLists(await tx.loadOrganization()));
}

/** GET /lawSchoolsList.csv: one `Law School` column, formula-leading cells escaped. */
export function lawSchoolsCsv(lists: LookupLists): string {
  return writeCsv([["Law School"], ...lists.lawSchools.map((name) => [name])], { bom: true });
}

/** GET /practiceAreasList.csv: the merged set with its type. */
export function practiceAreasCsv(lists: LookupLists): string {
  return writeCsv(
    [["Practice Area", "Type"], ...lists.practiceAreas.map((area) => [area.name, area.type])],
    {
      bom: true,
    },
  );
}

/** GET /departments.csv. */
export function departmentsCsv(lists: LookupLists): string {
  return writeCsv([["Department"], ...lists.departments.map((name) => [name])], { bom: true });
}
