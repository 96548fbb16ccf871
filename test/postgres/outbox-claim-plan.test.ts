import { describe, expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import type { PostgresClient } from "../../src/postgres/client";
import { claimStatement } from "../../src/postgres/outbox-sql";
import { SEED_NOW, seedOrganization } from "../../src/testing/seed";
import { describeOnServer, dropStore, freshStore, pgliteClient, schemaOfStore } from "./stores";

const EMAILS = 5000;

/** The claim's plan over an outbox of 5,000 emails, 300 of them leased. */
async function claimPlan(client: PostgresClient, prefix: string): Promise<string> {
  const store = await freshStore(client, prefix);
  try {
    const welcomeEmails = Array.from({ length: EMAILS }, (_, index) => ({
      id: `w-${index}`,
      memberId: `m-${index}`,
      email: `w${index}@firm.example`,
      firstName: "New",
      lastName: "Hire",
      product: "PERFORM",
      reason: "MEMBER_CREATED",
      createdAt: SEED_NOW.toISOString(),
    }));
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({ ...seedOrganization(), welcomeEmails }),
    );
    await store.claimWelcomeEmails({ worker: "busy", limit: 300, leaseMs: 60_000, now: SEED_NOW });
    const s = `"${schemaOfStore(store)}"`;
    await client.query(`ANALYZE ${s}.welcome_emails`);
    const { rows } = await client.query(
      `EXPLAIN ${claimStatement(s)}`
        .replace(/\$1/g, `'${SEED_NOW.toISOString()}'`)
        .replace(/\$2/g, "100")
        .replace(/\$3/g, "'token'")
        .replace(/\$4/g, "'worker'")
        .replace(/\$5/g, `'${SEED_NOW.toISOString()}'`),
    );
    return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
  } finally {
    await dropStore(store);
  }
}

describe("the outbox claim walks the claim-order index instead of scanning the outbox", () => {
  it("on PGlite", async () => {
    const plan = await claimPlan(pgliteClient(), "claim_plan");
    expect(plan).toContain("welcome_emails_claim_order");
    expect(plan).toMatch(/Tid Scan on welcome_emails w/);
    expect(plan).not.toMatch(/Seq Scan on welcome_emails/);
  });

  describeOnServer("on the server", (pool) => {
    it("on the server", async () => {
      const plan = await claimPlan(pool(), "claim_plan_srv");
      expect(plan).toContain("welcome_emails_claim_order");
      expect(plan).toMatch(/Tid Scan on welcome_emails w/);
      expect(plan).not.toMatch(/Seq Scan on welcome_emails/);
    });
  });
});
