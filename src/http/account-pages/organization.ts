import { OrganizationNotFoundError } from "../../store/errors";
import { holdsNul } from "../../values/nul";
import type { HttpSettings } from "../env";

/**
 * The page's answer for the organization its address names: `known(orgId)`, or `unknown()` when
 * no organization has that short name (or it was removed while the page worked), so an unknown
 * organization reads like a wrong link or address, never as a failure.
 */
export async function forOrganization<T>(
  settings: Pick<HttpSettings, "store">,
  shortName: string,
  known: (orgId: string) => Promise<T>,
  unknown: () => Promise<T>,
): Promise<T> {
  // No organization's short name holds NUL (a database would fail on it).
  const orgId =
    shortName === "" || holdsNul(shortName)
      ? null
      : await settings.store.findOrganizationId(shortName);
  if (orgId === null) return unknown();
  try {
    return await known(orgId);
  } catch (error) {
    if (error instanceof OrganizationNotFoundError) return unknown();
    throw error;
  }
}
