import fc from "fast-check";
import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import type { WelcomeEmail } from "../../domain/welcome-email";
import { deliverWelcomeEmails, welcomeEmailIdempotencyKey } from "../../members/deliver";
import { listWelcomeEmails } from "../../members/outbox";
import {
  type ClaimedWelcomeEmail,
  isWelcomeEmailOutbox,
  type Store,
  type WelcomeEmailOutbox,
} from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { OTHER_ORG_ID, otherOrganization, SEED_NOW, SEED_ORG_ID, seedOrganization } from "../seed";

type SharedOutbox = Store & WelcomeEmailOutbox;

const T0 = SEED_NOW.getTime();
const at = (ms: number) => new Date(T0 + ms);

function pendingEmails(count: number, prefix = "w"): WelcomeEmail[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${String(index + 1).padStart(4, "0")}`,
    memberId: `m-${index + 1}`,
    email: `welcome${index + 1}@firm.example`,
    firstName: "New",
    lastName: `Hire ${index + 1}`,
    product: "PERFORM" as const,
    reason: "MEMBER_CREATED" as const,
    createdAt: SEED_NOW.toISOString(),
    token: null,
    tokenExpiresAt: null,
  }));
}

/** Replaces the seed organization (and so its outbox and leases) with `count` pending emails. */
async function loadOutbox(store: Store, count: number, orgId = SEED_ORG_ID): Promise<void> {
  const base = orgId === SEED_ORG_ID ? seedOrganization() : otherOrganization();
  await store.loadSnapshot(
    organizationSnapshotSchema.parse({ ...base, welcomeEmails: pendingEmails(count) }),
  );
}

async function sharedOutbox(h: ConformanceHarness, count: number): Promise<SharedOutbox> {
  const store = await h.fresh();
  if (!isWelcomeEmailOutbox(store))
    throw new Error(
      'the store does not implement WelcomeEmailOutbox: skip "outbox leases" with a reason',
    );
  await loadOutbox(store, count);
  return store;
}

const ids = (claimed: readonly ClaimedWelcomeEmail[]) => claimed.map((item) => item.email.id);
const keys = (claimed: readonly ClaimedWelcomeEmail[]) =>
  claimed.map((item) => `${item.orgId}/${item.email.id}`);

/** The shared outbox: leases, acknowledgements, concurrent claimers. */
export function outboxLeasesSuite(h: ConformanceHarness): void {
  it("claims never overlap while their leases hold, oldest first, each with its organization and a token of its own", async () => {
    const store = await sharedOutbox(h, 7);
    const first = await store.claimWelcomeEmails({
      worker: "a",
      limit: 3,
      leaseMs: 1000,
      now: at(0),
    });
    const second = await store.claimWelcomeEmails({
      worker: "b",
      limit: 10,
      leaseMs: 1000,
      now: at(1),
    });
    expect(ids(first)).toEqual(["w-0001", "w-0002", "w-0003"]);
    expect(ids(second)).toEqual(["w-0004", "w-0005", "w-0006", "w-0007"]);
    expect(first.every((item) => item.orgId === SEED_ORG_ID)).toBe(true);
    expect(first[0]?.email).toEqual(pendingEmails(1)[0]);
    expect(first[0]?.leaseExpiresAt).toEqual(at(1000));
    expect(new Set(first.map((item) => item.claim.token)).size).toBe(1);
    expect(first[0]?.claim.token).not.toBe(second[0]?.claim.token);
    expect(
      await store.claimWelcomeEmails({ worker: "c", limit: 10, leaseMs: 1000, now: at(999) }),
    ).toEqual([]);
  });

  it("makes an expired lease claimable again under a new token; the old claim's acknowledgement then deletes nothing", async () => {
    const store = await sharedOutbox(h, 2);
    const dead = await store.claimWelcomeEmails({
      worker: "dies",
      limit: 2,
      leaseMs: 500,
      now: at(0),
    });
    // A lease that ends at `now` is over.
    const again = await store.claimWelcomeEmails({
      worker: "lives",
      limit: 2,
      leaseMs: 500,
      now: at(500),
    });
    expect(ids(again)).toEqual(ids(dead));
    expect(again[0]?.claim.token).not.toBe(dead[0]?.claim.token);
    expect(await store.acknowledgeWelcomeEmailClaims(dead.map((item) => item.claim))).toBe(0);
    expect((await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).map((e) => e.id)).toEqual(
      ids(dead),
    );
    expect(await store.acknowledgeWelcomeEmailClaims(again.map((item) => item.claim))).toBe(2);
    expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toEqual([]);
  });

  it("acknowledging deletes exactly the claimed emails, even after the lease ended when nobody claimed them since, and only once", async () => {
    const store = await sharedOutbox(h, 4);
    const claimed = await store.claimWelcomeEmails({
      worker: "a",
      limit: 2,
      leaseMs: 100,
      now: at(0),
    });
    const late = claimed.map((item) => item.claim);
    // The lease has ended (no claim since): the email was sent, so the acknowledgement counts.
    expect(await store.acknowledgeWelcomeEmailClaims(late)).toBe(2);
    expect(await store.acknowledgeWelcomeEmailClaims(late)).toBe(0);
    expect(await store.acknowledgeWelcomeEmailClaims([])).toBe(0);
    const left = await h.readBack(store, SEED_ORG_ID);
    expect(left.welcomeEmails.map((email) => email.id).sort()).toEqual(["w-0003", "w-0004"]);
    const rest = await store.claimWelcomeEmails({
      worker: "b",
      limit: 5,
      leaseMs: 100,
      now: at(200),
    });
    expect(ids(rest)).toEqual(["w-0003", "w-0004"]);
  });

  it("never hands one email to two of many concurrent claimers", async () => {
    const store = await sharedOutbox(h, 40);
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, worker) =>
        store.claimWelcomeEmails({ worker: `w${worker}`, limit: 6, leaseMs: 60_000, now: at(0) }),
      ),
    );
    const all = rounds.flatMap(ids);
    expect(new Set(all).size).toBe(all.length);
    const rest = await store.claimWelcomeEmails({
      worker: "last",
      limit: 40,
      leaseMs: 60_000,
      now: at(1),
    });
    expect([...all, ...ids(rest)].sort()).toEqual(pendingEmails(40).map((email) => email.id));
  });

  it("claims across organizations, telling equal email ids of two organizations apart", async () => {
    const store = await sharedOutbox(h, 2);
    await loadOutbox(store, 2, OTHER_ORG_ID);
    const claimed = await store.claimWelcomeEmails({
      worker: "a",
      limit: 10,
      leaseMs: 1000,
      now: at(0),
    });
    expect(keys(claimed).sort()).toEqual([
      `${SEED_ORG_ID}/w-0001`,
      `${SEED_ORG_ID}/w-0002`,
      `${OTHER_ORG_ID}/w-0001`,
      `${OTHER_ORG_ID}/w-0002`,
    ]);
    const other = claimed.filter((item) => item.orgId === OTHER_ORG_ID);
    expect(await store.acknowledgeWelcomeEmailClaims(other.map((item) => item.claim))).toBe(2);
    expect(await listWelcomeEmails(store, { orgId: OTHER_ORG_ID })).toEqual([]);
    expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toHaveLength(2);
    expect(welcomeEmailIdempotencyKey(SEED_ORG_ID, "w-0001")).not.toBe(
      welcomeEmailIdempotencyKey(OTHER_ORG_ID, "w-0001"),
    );
  });

  it("keeps leases out of snapshots: an export is unchanged by claims, and loading a snapshot frees its emails", async () => {
    const store = await sharedOutbox(h, 3);
    const before = await store.exportSnapshot(SEED_ORG_ID);
    const claimed = await store.claimWelcomeEmails({
      worker: "a",
      limit: 3,
      leaseMs: 60_000,
      now: at(0),
    });
    const during = await store.exportSnapshot(SEED_ORG_ID);
    expect(during).toEqual(before);
    if (during === null) throw new Error("no snapshot");
    await store.loadSnapshot(during);
    const again = await store.claimWelcomeEmails({
      worker: "b",
      limit: 3,
      leaseMs: 60_000,
      now: at(1),
    });
    expect(ids(again)).toEqual(ids(claimed));
    expect(await store.acknowledgeWelcomeEmailClaims(claimed.map((item) => item.claim))).toBe(0);
  });

  it("lets listWelcomeEmails see claimed emails and deleteWelcomeEmails remove them; their claims then delete nothing", async () => {
    const store = await sharedOutbox(h, 2);
    const claimed = await store.claimWelcomeEmails({
      worker: "a",
      limit: 2,
      leaseMs: 60_000,
      now: at(0),
    });
    expect((await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).map((e) => e.id)).toEqual(
      ids(claimed),
    );
    await store.transaction(SEED_ORG_ID, (tx) => tx.deleteWelcomeEmails(["w-0001"]));
    expect(await store.acknowledgeWelcomeEmailClaims(claimed.map((item) => item.claim))).toBe(1);
  });

  it("deliverWelcomeEmails sends each email with its idempotency key, acknowledges the sent ones and retries a failed send after its lease", async () => {
    const store = await sharedOutbox(h, 5);
    let clock = 0;
    const sent: string[] = [];
    const send = async (email: WelcomeEmail, context: { idempotencyKey: string }) => {
      if (email.id === "w-0003" && clock < 1000) throw new Error("provider said 503");
      sent.push(context.idempotencyKey);
    };
    const options = { worker: "t", batchSize: 2, leaseMs: 1000, now: () => at(clock) };
    const first = await deliverWelcomeEmails(store, send, options);
    expect(first).toMatchObject({ claimed: 5, delivered: 4, failed: 1, superseded: 0, expired: 0 });
    expect(first.failures).toEqual([
      {
        orgId: SEED_ORG_ID,
        emailId: "w-0003",
        idempotencyKey: welcomeEmailIdempotencyKey(SEED_ORG_ID, "w-0003"),
        error: new Error("provider said 503"),
      },
    ]);
    expect((await deliverWelcomeEmails(store, send, options)).claimed).toBe(0);
    clock = 1000;
    expect(await deliverWelcomeEmails(store, send, options)).toMatchObject({
      claimed: 1,
      delivered: 1,
      failed: 0,
    });
    // The failed one last, after its lease.
    const order = ["w-0001", "w-0002", "w-0004", "w-0005", "w-0003"];
    expect(sent).toEqual(order.map((id) => welcomeEmailIdempotencyKey(SEED_ORG_ID, id)));
    expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toEqual([]);
  });

  it("property — at least once: whatever claims, crashes, late acknowledgements and clock steps happen, no two live leases share an email, an acknowledgement deletes exactly the emails its claim still holds, each email is deleted once, and a draining worker then finds none left", async () => {
    const store = await sharedOutbox(h, 0);
    const step = fc.oneof(
      fc.record({
        kind: fc.constant("claim" as const),
        worker: fc.nat(2),
        limit: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant("ack" as const), worker: fc.nat(2), keep: fc.nat(3) }),
      fc.record({ kind: fc.constant("crash" as const), worker: fc.nat(2) }),
      fc.record({ kind: fc.constant("tick" as const), ms: fc.integer({ min: 0, max: 150 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10 }),
        fc.array(step, { maxLength: 25 }),
        async (count, steps) => {
          await loadOutbox(store, count);
          const leaseMs = 100;
          let clock = 0;
          const held: ClaimedWelcomeEmail[][] = [[], [], []];
          const deletions = new Map<string, number>();
          const live = new Map<string, { token: string; until: number }>();
          const acknowledge = async (item: ClaimedWelcomeEmail) => {
            const deleted = await store.acknowledgeWelcomeEmailClaims([item.claim]);
            // Deleted exactly when this claim still holds the email (expired or not).
            const holds = live.get(item.email.id)?.token === item.claim.token;
            expect(deleted).toBe(holds ? 1 : 0);
            if (deleted === 1) {
              deletions.set(item.email.id, (deletions.get(item.email.id) ?? 0) + 1);
              live.delete(item.email.id);
            }
          };
          for (const s of steps) {
            if (s.kind === "tick") clock += s.ms;
            else if (s.kind === "crash") held[s.worker] = [];
            else if (s.kind === "claim") {
              const got = await store.claimWelcomeEmails({
                worker: `w${s.worker}`,
                limit: s.limit,
                leaseMs,
                now: at(clock),
              });
              for (const item of got) {
                const other = live.get(item.email.id);
                // No other lease on it may still hold.
                expect(other === undefined || other.until <= clock).toBe(true);
                live.set(item.email.id, { token: item.claim.token, until: clock + leaseMs });
              }
              held[s.worker] = [...(held[s.worker] ?? []), ...got];
            } else {
              const mine = held[s.worker] ?? [];
              for (const item of mine.slice(s.keep)) await acknowledge(item);
              held[s.worker] = mine.slice(0, s.keep);
            }
          }
          clock += leaseMs;
          for (;;) {
            const got = await store.claimWelcomeEmails({
              worker: "drain",
              limit: 4,
              leaseMs,
              now: at(clock),
            });
            if (got.length === 0) break;
            for (const item of got)
              live.set(item.email.id, { token: item.claim.token, until: clock + leaseMs });
            for (const item of got) await acknowledge(item);
          }
          expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toEqual([]);
          expect([...deletions.keys()].sort()).toEqual(pendingEmails(count).map((e) => e.id));
          expect([...deletions.values()].every((times) => times === 1)).toBe(true);
        },
      ),
      {
        numRuns: h.numRuns,
        // Always tried: a worker acknowledges late, after its lease ended and another took it.
        examples: [
          [
            2,
            [
              { kind: "claim", worker: 0, limit: 2 },
              { kind: "tick", ms: 100 },
              { kind: "claim", worker: 1, limit: 1 },
              { kind: "ack", worker: 0, keep: 0 },
              { kind: "ack", worker: 1, keep: 0 },
            ],
          ],
        ],
      },
    );
  });
}
