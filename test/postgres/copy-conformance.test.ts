import { afterAll } from "vitest";
import { runStoreConformance } from "../../src/testing/conformance";
import { dropSpareSchemas, pgliteClient, recycleStore, reusedStore } from "./stores";

/*
 * In `npm run test:slow`: the whole kit once more on PGlite with every bulk write forced through
 * COPY. npm test keeps COPY's own checks (copy.test.ts: the text format, and COPY against unnest
 * arrays on arbitrary snapshots and imports, on PGlite and the server).
 */
afterAll(() => dropSpareSchemas(pgliteClient()));
// Every bulk write by COPY, however few its rows: the whole contract, failures and conflicts too.
runStoreConformance(
  "PostgreSQL store on PGlite, every bulk write by COPY",
  () => reusedStore(pgliteClient(), "rpdi_copy_all", { copyFromRows: 0 }),
  {
    numRuns: 5,
    dispose: recycleStore,
    skip: {
      "read while write":
        "PGlite is one connection: it runs one transaction at a time, so a read waits for any open write",
    },
  },
);
