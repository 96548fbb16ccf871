import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Member } from "../../src/domain/member";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import type { MemberPlan } from "../../src/members/plan";
import { createMemoryStore, type MemoryStore } from "../../src/memory/store";

const ORGS = ["org-a", "org-b", "org-c"] as const;
/** Few addresses, so organizations share them often; asked and stored in any case. */
const POOL = ["ann@x.example", "bob@x.example", "cy@y.example", "dee@y.example", "eve@z.example"];

const address = fc
  .tuple(fc.constantFrom(...POOL), fc.boolean())
  .map(([email, upper]) => (upper ? email.toUpperCase() : email));
const orgIndex = fc.integer({ min: 0, max: ORGS.length - 1 });

function snapshot(orgId: string, emails: readonly string[], external: readonly string[]) {
  const seen = new Set<string>();
  return parseOrganizationSnapshot({
    organization: { id: orgId, shortName: orgId, name: orgId },
    // One member per address, case-insensitively, as the store requires.
    members: emails
      .filter((email) => !seen.has(email.toLowerCase()) && seen.add(email.toLowerCase()))
      .map((email, i) => ({ id: `${orgId}-s${i}`, email, firstName: "A", lastName: "B" })),
    externalUserEmails: [...external],
  });
}

const organization = (orgId: string) =>
  fc
    .tuple(fc.array(address, { maxLength: 4 }), fc.array(address, { maxLength: 2 }))
    .map(([emails, external]) => snapshot(orgId, emails, external));

type Command =
  | { kind: "create"; org: number; email: string }
  | { kind: "rename"; org: number; pick: number; email: string }
  | { kind: "delete"; org: number; pick: number }
  | { kind: "load"; org: number; emails: string[] }
  | { kind: "abort"; org: number; pick: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), org: orgIndex, email: address }),
  fc.record({
    kind: fc.constant("rename" as const),
    org: orgIndex,
    pick: fc.nat(),
    email: address,
  }),
  fc.record({ kind: fc.constant("delete" as const), org: orgIndex, pick: fc.nat() }),
  fc.record({
    kind: fc.constant("load" as const),
    org: orgIndex,
    emails: fc.array(address, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("abort" as const), org: orgIndex, pick: fc.nat() }),
);

function plan(creates: Member[], updates: Member[]): MemberPlan {
  return {
    creates,
    updates,
    welcomeEmails: [],
    result: { createdCount: creates.length, updatedCount: updates.length, absentMembers: [] },
  };
}

async function membersOf(store: MemoryStore, orgId: string): Promise<Member[]> {
  return (await store.exportSnapshot(orgId))?.members ?? [];
}

/** What the check answered before the index: a scan of every other organization's members. */
async function scanned(store: MemoryStore, orgId: string, asked: readonly string[]) {
  const own = await store.exportSnapshot(orgId);
  const outside = new Set(own?.externalUserEmails.map((email) => email.toLowerCase()));
  for (const other of ORGS)
    if (other !== orgId)
      for (const member of await membersOf(store, other)) outside.add(member.email.toLowerCase());
  return asked.filter((email) => outside.has(email.toLowerCase()));
}

let created = 0;

async function run(store: MemoryStore, step: Command): Promise<void> {
  const orgId = ORGS[step.org] as string;
  const members = await membersOf(store, orgId);
  const picked =
    members.length === 0 ? undefined : members["pick" in step ? step.pick % members.length : 0];
  switch (step.kind) {
    case "create": {
      const [template] = snapshot(orgId, [step.email], []).members;
      const member = { ...(template as Member), id: `${orgId}-c${created++}` };
      // A taken address is refused: the transaction fails and publishes nothing.
      await store
        .transaction(orgId, (tx) => tx.applyMemberPlan(plan([member], [])))
        .catch(() => {});
      return;
    }
    case "rename":
      if (picked === undefined) return;
      await store
        .transaction(orgId, (tx) =>
          tx.applyMemberPlan(plan([], [{ ...picked, email: step.email }])),
        )
        .catch(() => {});
      return;
    case "delete":
      if (picked === undefined) return;
      await store.transaction(orgId, (tx) => tx.deleteMembers([picked.id]));
      return;
    case "load":
      await store.loadSnapshot(snapshot(orgId, step.emails, []));
      return;
    case "abort":
      if (picked === undefined) return;
      await store
        .transaction(orgId, async (tx) => {
          await tx.deleteMembers([picked.id]);
          throw new Error("abandoned");
        })
        .catch(() => {});
      return;
  }
}

describe("the memory store's external-address check by index", () => {
  it("answers as a scan of every other organization would, after any writes", async () => {
    await fc.assert(
      fc.asyncProperty(
        organization("org-a"),
        organization("org-b"),
        organization("org-c"),
        fc.array(command, { maxLength: 12 }),
        fc.array(address, { minLength: 1, maxLength: 6 }),
        async (a, b, c, commands, asked) => {
          const store = createMemoryStore([a, b, c]);
          for (const step of commands) await run(store, step);
          for (const orgId of ORGS) {
            const expected = await scanned(store, orgId, asked);
            const read = await store.transaction(orgId, (tx) => tx.loadExternalUserEmails(asked), {
              readOnly: true,
            });
            expect(read).toEqual(expected);
            // Inside a writing transaction, the organization's own pending writes do not count.
            const [first] = await membersOf(store, orgId);
            const written = await store
              .transaction(orgId, async (tx) => {
                if (first !== undefined) await tx.deleteMembers([first.id]);
                const answer = await tx.loadExternalUserEmails(asked);
                throw Object.assign(new Error("rolled back"), { answer });
              })
              .catch((error: { answer: string[] }) => error.answer);
            expect(written).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts an address held by two other organizations until both give it up", async () => {
    const store = createMemoryStore([
      snapshot("org-a", [], []),
      snapshot("org-b", ["Ann@x.example"], []),
      snapshot("org-c", ["ann@X.example"], []),
    ]);
    const ask = () =>
      store.transaction("org-a", (tx) => tx.loadExternalUserEmails(["ANN@x.example"]), {
        readOnly: true,
      });
    expect(await ask()).toEqual(["ANN@x.example"]);
    await store.loadSnapshot(snapshot("org-b", [], []));
    expect(await ask()).toEqual(["ANN@x.example"]);
    await store.transaction("org-c", (tx) => tx.deleteMembers(["org-c-s0"]));
    expect(await ask()).toEqual([]);
  });
});

describe("the memory store's paced commit of a large change of addresses", () => {
  const members = (orgId: string, prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `${orgId}-${prefix}${i}`,
      email: `${prefix}${i}@big.example`,
      firstName: "A",
      lastName: "B",
    }));

  it("answers every turn between its steps as the published states do, and publishes them all", async () => {
    const store = createMemoryStore([
      parseOrganizationSnapshot({
        organization: { id: "org-a", shortName: "a", name: "A" },
        members: members("org-a", "old", 5000),
      }),
      parseOrganizationSnapshot({
        organization: { id: "org-b", shortName: "b", name: "B" },
        members: [{ id: "org-b-1", email: "held@b.example", firstName: "A", lastName: "B" }],
      }),
    ]);
    const stored = (await membersOf(store, "org-a")).slice(0, 2500);
    const renamed = stored.map((member, i) => ({ ...member, email: `renamed${i}@big.example` }));
    const created = members("org-a", "new", 2500) as Member[];
    // Old addresses given up, new ones taken, and one untouched, asked of every turn.
    const asked = [
      "old0@big.example",
      "old2499@big.example",
      "old4999@big.example",
      "renamed0@big.example",
      "renamed2499@big.example",
      "new0@big.example",
      "new2499@big.example",
      "held@b.example",
    ];
    const read = (orgId: string, work: (tx: StoreTxOf<typeof store>) => Promise<string[]>) =>
      store.transaction(orgId, work, { readOnly: true });
    const check = async () => {
      const heldByA = (
        await read("org-a", (tx) => tx.loadMembersByEmail(asked).then(emailsOf))
      ).map((email) => email.toLowerCase());
      const heldByB = ["held@b.example"];
      expect(await read("org-b", (tx) => tx.loadExternalUserEmails(asked))).toEqual(
        asked.filter((email) => heldByA.includes(email)),
      );
      expect(await read("org-a", (tx) => tx.loadExternalUserEmails(asked))).toEqual(
        asked.filter((email) => heldByB.includes(email)),
      );
      return heldByA;
    };
    let workDone = false;
    const seenAfterWork: string[][] = [];
    const pace = async () => {
      const held = await check();
      if (workDone) seenAfterWork.push(held);
    };
    await store.transaction("org-a", async (tx) => {
      await tx.applyMemberPlan({ ...plan(created, renamed), pace });
      workDone = true;
    });
    // The commit took turns, before and after its publication.
    expect(seenAfterWork.some((held) => held.includes("old0@big.example"))).toBe(true);
    expect(seenAfterWork.some((held) => held.includes("new0@big.example"))).toBe(true);
    expect(await check()).toEqual([
      "old4999@big.example",
      "renamed0@big.example",
      "renamed2499@big.example",
      "new0@big.example",
      "new2499@big.example",
    ]);
  });
});

type StoreTxOf<S extends MemoryStore> = Parameters<Parameters<S["transaction"]>[1]>[0];

function emailsOf(found: readonly Member[]): string[] {
  return found.map((member) => member.email);
}
