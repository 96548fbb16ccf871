import type { Member } from "./snapshot";

/** A deep copy of a member record, cheaper than structuredClone on the import's hot path. */
export function copyMember(member: Member): Member {
  return {
    ...member,
    office: member.office === null ? null : { ...member.office },
    mentorIds: [...member.mentorIds],
    education: member.education.map((entry) => ({ ...entry })),
    products: member.products.map((access) => ({ ...access })),
    credentials: { ...member.credentials },
  };
}
