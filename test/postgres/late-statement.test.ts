import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import type { PostgresClient } from "../../src/postgres/client";
import type { StoreTx } from "../../src/store/port";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { dropStore, freshStore, newPGlite } from "./stores";

describe("a PostgreSQL transaction's statements after its work", () => {
  it("are refused and never sent: none runs after the COMMIT or ROLLBACK, nor in the next transaction", async () => {
    const database = newPGlite();
    const sent: string[] = [];
    const client: PostgresClient = {
      query: (text, params) => {
        sent.push(text.trim());
        return database.query(text, params as unknown[]) as never;
      },
    };
    const store = await freshStore(client, "late_statement");
    try {
      await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
      for (const fails of [false, true]) {
        let kept: StoreTx | undefined;
        const work = store.transaction(SEED_ORG_ID, async (tx) => {
          await tx.loadOrganization();
          kept = tx;
          if (fails) throw new Error("work failed");
        });
        if (fails) await expect(work).rejects.toThrow();
        else await work;
        const before = sent.length;
        await expect(kept?.loadOrganization()).rejects.toThrow(
          "A statement came after its transaction's work had ended; it was not sent.",
        );
        expect(sent.length).toBe(before);
        expect(sent.at(-1)).toMatch(fails ? /^ROLLBACK/ : /^COMMIT/);
      }
    } finally {
      await dropStore(store);
      await database.close();
    }
  });
});
