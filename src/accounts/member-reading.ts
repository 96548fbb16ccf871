import type { Member } from "../domain/member";
import type { OrganizationProfile } from "../domain/organization";
import type { Store } from "../store/port";
import { runReadOnly } from "../store/run";

/** A member with the organization's profile, as read together. */
export interface MemberInOrganization {
  member: Member;
  organization: OrganizationProfile;
}

/** The member and their organization as stored now, in one read-only transaction; `null` when the member is gone. */
export function readMemberAndOrganization(
  store: Store,
  who: { orgId: string; memberId: string },
): Promise<MemberInOrganization | null> {
  return runReadOnly(store, who.orgId, async (tx) => {
    const [member] = await tx.loadMembersById([who.memberId]);
    return member === undefined ? null : { member, organization: await tx.loadOrganization() };
  });
}
