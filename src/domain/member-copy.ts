import type { Member } from "./member";

/**
 * A deep copy of a member record, cheaper than structuredClone on the import's hot path. A frozen
 * part (the organization's own office, the shared lists and credentials of `shared-parts`) is
 * shared rather than copied: nothing can change it in place.
 */
export function copyMember(member: Member): Member {
  const { office, mentorIds, education, products, credentials } = member;
  return {
    ...member,
    office: office === null || Object.isFrozen(office) ? office : { ...office },
    mentorIds: Object.isFrozen(mentorIds) ? mentorIds : [...mentorIds],
    education: Object.isFrozen(education) ? education : education.map((entry) => ({ ...entry })),
    products: Object.isFrozen(products) ? products : products.map((access) => ({ ...access })),
    credentials: Object.isFrozen(credentials) ? credentials : { ...credentials },
  };
}
