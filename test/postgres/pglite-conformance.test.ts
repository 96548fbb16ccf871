import { afterAll, describe } from "vitest";
import { runStoreConformance } from "../../src/testing/conformance";
import { dropSpareSchemas, pgliteClient, recycleStore, reusedStore } from "./stores";

// npm test runs this file without a server; with DATABASE_URL, server.test.ts runs the kit there
// and npm run test:slow runs this file beside it (vitest.config.ts).
describe("conformance on PGlite", () => {
  afterAll(() => dropSpareSchemas(pgliteClient()));
  runStoreConformance(
    "PostgreSQL store on PGlite",
    () => reusedStore(pgliteClient(), "rpdi_lite"),
    {
      dispose: recycleStore,
      numRuns: 10,
      skip: {
        "read while write":
          "PGlite is one connection: it runs one transaction at a time, so a read waits for any open write",
      },
    },
  );
});
