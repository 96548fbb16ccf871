import { describe, expect, it } from "vitest";
import type { MemberInput } from "../../src/domain/member";
import type { Product } from "../../src/domain/products";
import { type OrganizationSnapshot, parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresClient } from "../../src/postgres/client";
import { jsonValue } from "../../src/postgres/members-sql";
import { describeOnServer, dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

const ORG_ID = "org-lookups";
const MEMBERS = 3000;
/** Teams of 20: member 20·k leads team k; the leads report to `m-0`. */
const TEAM = 20;
const lead = (team: number) => `m-${(team % (MEMBERS / TEAM)) * TEAM}`;
/** A lead with 19 reports who mentors the members 3 and 13 of the team 7 before its own. */
const TARGET = "m-1000";

/**
 * 3,000 members: most hold PERFORM, one in five RECRUIT, one in a hundred UNI (each member's
 * products in an order of its own); one in ten has mentors, the lead of the team 7 after its own
 * and, for half of them, the next member too.
 */
function directory(): OrganizationSnapshot {
  const members: MemberInput[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const products: Product[] = [];
    if (i % 10 !== 9) products.push("PERFORM");
    if (i % 5 === 0) products.push("RECRUIT");
    if (i % 100 === 7) products.splice(i % 200 === 7 ? 0 : products.length, 0, "UNI");
    const team = Math.floor(i / TEAM);
    members.push({
      id: `m-${i}`,
      email: `m${i}@lookups.example`,
      firstName: `First${i}`,
      lastName: "Lookup",
      managerId: i === 0 ? null : i % TEAM === 0 ? "m-0" : lead(team),
      mentorIds:
        i % 10 !== 3
          ? []
          : i % 20 === 3
            ? [lead(team + 7), `m-${(i + 1) % MEMBERS}`]
            : [lead(team + 7)],
      products: products.map((product) => ({
        product,
        role: i % 3 === 0 ? "ADMIN" : "MEMBER",
      })),
    });
  }
  return parseOrganizationSnapshot({
    organization: { id: ORG_ID, shortName: "lookups", name: "Lookups & Co" },
    members,
  });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan, depth first. */
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

interface Lookup {
  ids: string[];
  nodes: PlanNode[];
}

interface Lookups {
  uni: Lookup;
  linked: Lookup;
}

/**
 * Loads the directory, analyzes it, runs `listProductMembers("UNI")` and
 * `loadMembersLinkedTo([TARGET])` and explains each statement they sent, with their parameters.
 */
async function lookups(client: PostgresClient, prefix: string): Promise<Lookups> {
  const captured: string[] = [];
  const store = await freshStore(client, prefix, { onStatement: (sql) => captured.push(sql) });
  try {
    await store.loadSnapshot(directory());
    const s = `"${schemaOfStore(store)}"`;
    await client.query(`ANALYZE ${s}.members`);
    const explain = async (operation: string, marker: string, params: unknown[]) => {
      const sent = captured.filter((sql) => sql.includes(marker));
      expect(sent, `${operation} sends one statement with ${marker}`).toHaveLength(1);
      const { rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sent[0]}`, params);
      const plan = jsonValue(rows[0]?.["QUERY PLAN"]) as { Plan: PlanNode }[];
      return planNodes((plan[0] as { Plan: PlanNode }).Plan);
    };

    captured.length = 0;
    const uni = await store.transaction(ORG_ID, (tx) => tx.listProductMembers("UNI"));
    const uniNodes = await explain("listProductMembers", `"UNI"`, [ORG_ID]);
    captured.length = 0;
    const linked = await store.transaction(ORG_ID, (tx) => tx.loadMembersLinkedTo([TARGET]));
    const linkedNodes = await explain("loadMembersLinkedTo", "mentor_ids ?|", [ORG_ID, [TARGET]]);
    return {
      uni: { ids: uni.map((member) => member.id), nodes: uniNodes },
      linked: { ids: linked.map((member) => member.id), nodes: linkedNodes },
    };
  } finally {
    await dropStore(store);
  }
}

/** The answers of the memory store on the same directory. */
async function expected(): Promise<{ uni: string[]; linked: string[] }> {
  const memory = createMemoryStore(directory());
  return memory.transaction(ORG_ID, async (tx) => ({
    uni: (await tx.listProductMembers("UNI")).map((member) => member.id),
    linked: (await tx.loadMembersLinkedTo([TARGET])).map((member) => member.id),
  }));
}

const indexNames = (nodes: PlanNode[]) => nodes.flatMap((node) => node["Index Name"] ?? []);
const seqScansOfMembers = (nodes: PlanNode[]) =>
  nodes.filter((node) => node["Node Type"] === "Seq Scan" && node["Relation Name"] === "members");

async function checkLookups(found: Lookups): Promise<void> {
  const answers = await expected();
  const uniIds = Array.from({ length: MEMBERS / 100 }, (_, k) => `m-${k * 100 + 7}`);
  expect(answers.uni).toEqual(uniIds);
  expect(found.uni.ids).toEqual(uniIds);
  // The reports m-1001…m-1019 and the mentees m-863 and m-873, in directory order.
  const linkedIds = [
    "m-863",
    "m-873",
    ...Array.from({ length: TEAM - 1 }, (_, k) => `m-${1001 + k}`),
  ];
  expect(answers.linked).toEqual(linkedIds);
  expect(found.linked.ids).toEqual(linkedIds);

  expect(indexNames(found.uni.nodes)).toContain("members_uni");
  expect(seqScansOfMembers(found.uni.nodes)).toEqual([]);
  expect(indexNames(found.linked.nodes)).toEqual(
    expect.arrayContaining(["members_mentees", "members_manager"]),
  );
  for (const node of found.linked.nodes.filter((n) => n["Index Name"] !== undefined))
    expect(["Bitmap Index Scan", "Index Scan", "Index Only Scan"]).toContain(node["Node Type"]);
  expect(seqScansOfMembers(found.linked.nodes)).toEqual([]);
}

describe("a product's members and a member's reports and mentees are found by index, not by scanning members", () => {
  it("on PGlite", async () => {
    await checkLookups(await lookups(pgliteClient(), "lookup_plans"));
  });

  describeOnServer("on the PostgreSQL server", (pool) => {
    it("on the server", async () => {
      await checkLookups(await lookups(pool(), "lookup_plans_srv"));
    });
  });
});
