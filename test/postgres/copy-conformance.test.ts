import { createPostgresStore } from "../../src/postgres/adapter";
import { runStoreConformance } from "../../src/testing/conformance";
import { pgliteClient } from "./stores";

/*
 * In `npm run test:slow`: the whole kit once more on PGlite with every bulk write forced through
 * COPY. npm test keeps COPY's own checks (copy.test.ts: the text format, and COPY against unnest
 * arrays on arbitrary snapshots and imports, on PGlite and the server).
 */
// Every bulk write by COPY, however few its rows: the whole contract, failures and conflicts too.
let conformanceStores = 0;
const conformanceSchemas = new WeakMap<object, string>();
runStoreConformance(
  "PostgreSQL store on PGlite, every bulk write by COPY",
  async () => {
    const schema = `rpdi_copy_all_${process.pid}_${++conformanceStores}`;
    const store = createPostgresStore({ client: pgliteClient(), schema, copyFromRows: 0 });
    await store.migrate();
    conformanceSchemas.set(store, schema);
    return store;
  },
  {
    numRuns: 5,
    dispose: async (store) => {
      await pgliteClient().query(
        `DROP SCHEMA IF EXISTS "${conformanceSchemas.get(store)}" CASCADE`,
      );
    },
    skip: {
      "read while write":
        "PGlite is one connection: it runs one transaction at a time, so a read waits for any open write",
    },
  },
);
