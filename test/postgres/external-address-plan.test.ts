import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresClient } from "../../src/postgres/client";
import { jsonValue } from "../../src/postgres/members-sql";
import { describeOnServer, dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

const ORG_ID = "org-0";
const ORGANIZATIONS = 8;
const MEMBERS = 1000;
/** Organization k's member i has the address `person.i@org-(i % 10).example` in its own case. */
const address = (org: number, i: number) =>
  org % 2 === 0 ? `person.${i}@org-${i % 10}.example` : `Person.${i}@ORG-${i % 10}.example`;

function organizations(): OrganizationSnapshot[] {
  return Array.from({ length: ORGANIZATIONS }, (_, org) =>
    parseOrganizationSnapshot({
      organization: { id: `org-${org}`, shortName: `org${org}`, name: `Org ${org}` },
      // Each organization holds its own stretch of addresses, overlapping the next one's.
      members: Array.from({ length: MEMBERS }, (_, k) => {
        const i = org * (MEMBERS / 2) + k;
        return { id: `m-${i}`, email: address(org, i), firstName: "P", lastName: `${i}` };
      }),
      externalUserEmails: org === 0 ? ["Declared@outside.example"] : [],
    }),
  );
}

/** Addresses the import of organization 0 asks about: its own, the next one's, unknown, declared. */
const ASKED = [
  address(0, 10),
  address(1, 600),
  address(0, 700),
  address(1, 1200),
  "nobody@nowhere.example",
  "declared@OUTSIDE.example",
];
const OUTSIDE = [address(0, 600), address(0, 700), address(0, 1200), "declared@OUTSIDE.example"];

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

/** What organization 0's look-up answers: the outside addresses, and the members when `together`. */
type Answer = { members?: Member[]; externalUserEmails: string[] };

/**
 * The answer of `loadExternalUserEmails` (or, `together`, of `loadUsersByEmail`) for organization
 * 0 and the plan of its statement.
 */
async function lookup(client: PostgresClient, prefix: string, together = false) {
  const captured: string[] = [];
  const store = await freshStore(client, prefix, { onStatement: (sql) => captured.push(sql) });
  try {
    for (const organization of organizations()) await store.loadSnapshot(organization);
    await client.query(`ANALYZE "${schemaOfStore(store)}".members`);
    captured.length = 0;
    const answer: Answer = await store.transaction(
      ORG_ID,
      async (tx) =>
        together
          ? await (tx.loadUsersByEmail as NonNullable<typeof tx.loadUsersByEmail>)(ASKED)
          : { externalUserEmails: await tx.loadExternalUserEmails(ASKED) },
      { readOnly: true },
    );
    const sent = captured.filter((sql) => sql.includes("org_id <> $1"));
    expect(sent).toHaveLength(1);
    const keys = ASKED.map((email) => email.toLowerCase());
    const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sent[0]}`, [ORG_ID, keys]);
    const plan = jsonValue(rows[0]?.["QUERY PLAN"]) as { Plan: PlanNode }[];
    return { answer, nodes: planNodes((plan[0] as { Plan: PlanNode }).Plan) };
  } finally {
    await dropStore(store);
  }
}

async function check({ answer, nodes }: Awaited<ReturnType<typeof lookup>>): Promise<void> {
  const memory = createMemoryStore(organizations());
  const { expected, members } = await memory.transaction(ORG_ID, async (tx) => ({
    expected: await tx.loadExternalUserEmails(ASKED),
    members: await tx.loadMembersByEmail(ASKED),
  }));
  if (answer.members !== undefined) {
    expect(members.map((member) => member.id)).toEqual(["m-10", "m-600", "m-700"]);
    expect(answer.members).toEqual(members);
  }
  expect(expected.map((email) => email.toLowerCase())).toEqual(
    ASKED.filter((email) => OUTSIDE.some((o) => o.toLowerCase() === email.toLowerCase())).map(
      (email) => email.toLowerCase(),
    ),
  );
  expect(answer.externalUserEmails).toEqual(expected);
  // Read together, the organization's members are found by the same index as the outside users.
  expect(
    nodes.filter((node) => node["Index Name"] === "members_email").length,
  ).toBeGreaterThanOrEqual(answer.members === undefined ? 1 : 2);
  expect(
    nodes.filter((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "members"),
  ).toEqual([]);
}

describe("the external-address check finds other organizations' addresses by index", () => {
  it("on PGlite", async () => {
    await check(await lookup(pgliteClient(), "external_plan"));
  });

  it("on PGlite, read with the organization's members in one statement", async () => {
    await check(await lookup(pgliteClient(), "external_plan_both", true));
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("on the server", async () => {
      await check(await lookup(pool(), "external_plan_srv"));
    });

    it("on the server, read with the organization's members in one statement", async () => {
      await check(await lookup(pool(), "external_plan_both_srv", true));
    });
  });
});
