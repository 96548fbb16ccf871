import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Member } from "../../src/domain/member";
import type { OrganizationSnapshot } from "../../src/domain/snapshot";
import { FIXTURES } from "./fixtures";

/**
 * The sandbox seed grown by `members` copies of one of its non-admin members and `applications`
 * copies of its first application (each with its own candidate), as snapshot JSON text: a large
 * state with the sandbox's logins. About 1 KB per member and 2.5 KB per application, indented.
 */
export function largeSandboxText(members: number, applications: number): string {
  const seed = JSON.parse(
    readFileSync(join(FIXTURES, "sandbox.json"), "utf8"),
  ) as OrganizationSnapshot;
  const template = seed.members.find((member) =>
    member.products.every((access) => access.role !== "ADMIN"),
  ) as Member;
  const application = seed.applications[0] as OrganizationSnapshot["applications"][number];
  const candidate = seed.candidates.find(
    (entry) => entry.id === application.candidateId,
  ) as OrganizationSnapshot["candidates"][number];
  for (let index = 0; index < members; index++)
    seed.members.push({
      ...template,
      id: `bulk-member-${index}`,
      email: `bulk.member.${index}@hartwell.example`,
      employeeId: `B-${index}`,
    });
  for (let index = 0; index < applications; index++) {
    seed.candidates.push({ ...candidate, id: `bulk-candidate-${index}` });
    seed.applications.push({
      ...application,
      id: `bulk-application-${index}`,
      candidateId: `bulk-candidate-${index}`,
    });
  }
  return `${JSON.stringify(seed, null, 2)}\n`;
}
