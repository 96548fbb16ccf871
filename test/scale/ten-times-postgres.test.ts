import type pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { sandboxSnapshot } from "../http/support";
import { DATABASE_URL, dropStore, freshStore, serverPool } from "../postgres/stores";
import { importMembersTenTimes, TEN_TIMES_ROWS } from "./ten-times-import";

const ORG = sandboxSnapshot().organization.id as string;
const rows = TEN_TIMES_ROWS.toLocaleString("en-US");

// On the server only: PGlite, one in-process connection, needs over a minute for these rows, and
// the property under test is the production shape (a pool on the real server), which CI runs.
describe.runIf(DATABASE_URL !== undefined)(
  "ten times the everyday sizes, on the PostgreSQL server (DATABASE_URL; CI sets it)",
  () => {
    let pool: pg.Pool;
    beforeAll(() => {
      pool = serverPool();
    });
    afterAll(async () => {
      await pool.end();
    });

    it(`imports ${rows} new members through the library on a pool, all created and each queued a welcome email`, async () => {
      const store = await freshStore(pool, "rpdi_ten");
      try {
        await store.loadSnapshot(parseOrganizationSnapshot(sandboxSnapshot()));
        await importMembersTenTimes(store, ORG);
      } finally {
        await dropStore(store);
      }
    }, 180_000);
  },
);
