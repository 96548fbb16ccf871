import { Feature } from "../domain/features";
import type { MemberRoles } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Product } from "../domain/products";
import { LAW_SCHOOLS } from "../lists/law-schools";
import { STATIC_PRACTICE_AREAS } from "../lists/practice-areas";
import type { PartialMessageCatalog } from "../messages/catalog";
import { memberDateParser } from "../values/dates";
import { emailChecker } from "../values/email";
import { CaseInsensitiveList } from "../values/lookup";
import { OfficeDirectory } from "./office";

/** What column rules read, prepared once per file. */
export interface MemberRuleContext {
  product: Product;
  now: Date;
  organization: OrganizationProfile;
  departments: CaseInsensitiveList;
  practiceAreas: CaseInsensitiveList;
  lawSchools: CaseInsensitiveList;
  memberLevels: CaseInsensitiveList;
  offices: OfficeDirectory;
  /** The organization uses SSO with its own identifiers, so the SSO ID column counts. */
  ssoIdApplies: boolean;
  /** The organization's SSO ID pattern, anchored; `null` when any SSO ID is accepted. */
  ssoIdPattern: RegExp | null;
  /** `isWellFormedEmail`, remembered for this file. */
  isEmail: (text: string) => boolean;
  /** `parseMemberDate`, for this file (see `memberDateParser`). */
  memberDate: (text: string) => string | undefined;
  /**
   * The member running the import, when the caller names one: New Email may move only members
   * whose every product the actor administers (the GraphQL rule for changing an address).
   */
  actor: MemberRoles | null;
  /** The host's messages; English for every key it leaves out (see `renderMessage`). */
  messages?: PartialMessageCatalog;
}

export function createMemberRuleContext(
  organization: OrganizationProfile,
  product: Product,
  now: Date,
  actor: MemberRoles | null = null,
  messages?: PartialMessageCatalog,
): MemberRuleContext {
  const customAreas = organization.features.includes(Feature.CUSTOM_PRACTICE_AREAS)
    ? organization.customPracticeAreas
    : [];
  const { sso } = organization;
  return {
    product,
    now,
    organization,
    departments: new CaseInsensitiveList(organization.departments),
    practiceAreas: new CaseInsensitiveList([
      ...(organization.staticPracticeAreas ?? STATIC_PRACTICE_AREAS),
      ...customAreas,
    ]),
    lawSchools: new CaseInsensitiveList(organization.lawSchools ?? LAW_SCHOOLS),
    memberLevels: new CaseInsensitiveList(organization.memberLevels),
    offices: new OfficeDirectory(organization.offices),
    ssoIdApplies: sso.enabled && !sso.emailAsSsoId,
    ssoIdPattern: compileSsoIdPattern(sso.ssoIdPattern),
    isEmail: emailChecker(),
    memberDate: memberDateParser(),
    actor,
    // Always present, so every file's context has one shape (rules read it row by row).
    messages,
  };
}

/** The organization's SSO ID pattern as an anchored expression; `null` when there is none. */
export function compileSsoIdPattern(source: string | null): RegExp | null {
  if (source === null || source === "") return null;
  try {
    return new RegExp(`^(?:${source})$`, "u");
  } catch {
    // A pattern the organization stored that is not a valid regular expression accepts
    // nothing, so every given SSO ID is reported instead of silently accepted.
    return /(?!)/;
  }
}
