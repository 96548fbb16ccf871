import { MATTER_HEADERS } from "../../src/domain/headers";
import { memberSchema } from "../../src/domain/member";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../src/domain/snapshot";
import { pickFrom, seededRandom } from "./random";

export interface MatterBenchInput {
  csv: string;
  rows: number;
  performMemberEmails: string[];
}

/**
 * A realistic matter file: client matters with a few attorneys each, every upsert rule passing,
 * a tenth of the values quoted, against 2,000 Perform members.
 */
export function generateMatterBenchInput(
  rows: number,
  seed = 7,
  hoursOffset = 0,
): MatterBenchInput {
  const random = seededRandom(seed);
  const performMemberEmails = Array.from(
    { length: 2000 },
    (_, index) => `attorney.${index}@bench.example`,
  );
  const quote = (value: string) =>
    /[",]/.test(value) || (value !== "" && random() < 0.1)
      ? `"${value.replaceAll('"', '""')}"`
      : value;
  const lines = [MATTER_HEADERS.join(",")];
  let matter = 0;
  let written = 0;
  while (written < rows) {
    const attorneys = 1 + Math.floor(random() * 5);
    const name = `${pickFrom(random, ["Acme", "Globex", "Initech", "Umbrella", "Stark"])} v. ${pickFrom(random, ["Widget Co.", "Hooli", "Vandelay", "Wayne Enterprises"])} (${matter})`;
    const client = `${pickFrom(random, ["Acme Corp", "Globex LLC", "Initech, Inc.", "Umbrella plc"])} ${matter % 400}`;
    const description =
      random() < 0.5
        ? ""
        : `Engagement ${matter}: ${pickFrom(random, ["litigation", "due diligence", "regulatory advice"])}`;
    const first = Math.floor(random() * (performMemberEmails.length - attorneys));
    for (let a = 0; a < attorneys && written < rows; a++, written++) {
      const month = 1 + Math.floor(random() * 6);
      const cells = [
        `MAT-${100000 + matter}`,
        name,
        performMemberEmails[first + a] as string,
        pickFrom(random, performMemberEmails),
        `${month}/${1 + Math.floor(random() * 28)}/2026`,
        random() < 0.3 ? "" : `${month + 6}/${1 + Math.floor(random() * 28)}/2026`,
        hoursText(random, hoursOffset),
        client,
        description,
      ];
      lines.push(cells.map(quote).join(","));
    }
    matter++;
  }
  return { csv: `${lines.join("\r\n")}\r\n`, rows, performMemberEmails };
}

/** Hours Billed as files write it: a fifth with a thousands separator, the rest plain. */
function hoursText(random: () => number, offset: number): string {
  if (random() < 0.2) {
    const hours =
      1000 * (1 + Math.floor(random() * 9)) + Math.floor(random() * 1000) + 0.5 + offset;
    return hours.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
  return (random() * 500 + offset).toFixed(2);
}

/** The organization a matter benchmark upserts into: its Perform members and one empty cycle. */
export function matterBenchSnapshot(
  input: MatterBenchInput,
  orgId: string,
  cycleId: string,
): OrganizationSnapshot {
  return organizationSnapshotSchema.parse({
    organization: { id: orgId, shortName: orgId, name: "Bench" },
    members: input.performMemberEmails.map((email, index) =>
      memberSchema.parse({
        id: `p-${index}`,
        email,
        firstName: "P",
        lastName: `${index}`,
        products: [{ product: "PERFORM", role: "MEMBER" }],
      }),
    ),
    reviewCycles: [{ id: cycleId }],
  });
}
