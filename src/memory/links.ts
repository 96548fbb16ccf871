import type { Member } from "../domain/member";

/** Adds `step` to the count of each member `member` names as manager or mentor. */
export function countLinks(
  counts: Map<string, number>,
  member: Member | undefined,
  step: 1 | -1,
): void {
  if (member === undefined) return;
  if (member.managerId !== null) bump(counts, member.managerId, step);
  for (const id of member.mentorIds) bump(counts, id, step);
}

function bump(counts: Map<string, number>, id: string, step: 1 | -1): void {
  const count = (counts.get(id) ?? 0) + step;
  if (count === 0) counts.delete(id);
  else counts.set(id, count);
}

/** Whether `member` names one of `targets` as manager or mentor. */
export function linksTo(member: Member, targets: ReadonlySet<string>): boolean {
  if (member.managerId !== null && targets.has(member.managerId)) return true;
  for (const id of member.mentorIds) if (targets.has(id)) return true;
  return false;
}
