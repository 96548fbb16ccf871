import type { Member } from "./snapshot";

/**
 * A deep copy of a member record, cheaper than structuredClone on the import's hot path. A frozen
 * office or list (the organization's own office, an import's shared empty lists) is shared rather
 * than copied: nothing can change it in place.
 */
export function copyMember(member: Member): Member {
  const { office, mentorIds, education } = member;
  return {
    ...member,
    office: office === null || Object.isFrozen(office) ? office : { ...office },
    mentorIds: Object.isFrozen(mentorIds) ? mentorIds : [...mentorIds],
    education: Object.isFrozen(education) ? education : education.map((entry) => ({ ...entry })),
    products: member.products.map((access) => ({ ...access })),
    credentials: { ...member.credentials },
  };
}
