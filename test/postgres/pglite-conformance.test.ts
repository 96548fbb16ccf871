import { describe } from "vitest";
import { runStoreConformance } from "../../src/testing/conformance";
import { DATABASE_URL, dropStore, freshStore, pgliteClient } from "./stores";

/*
 * With a server named by DATABASE_URL the kit runs there (server.test.ts), so npm test runs it on
 * one engine; `npm run test:slow` runs it on PGlite as well, and a machine without a server runs
 * it here.
 */
const onServerOnly = DATABASE_URL !== undefined && process.env.RPDI_EVERY_ENGINE !== "1";

describe.skipIf(onServerOnly)(
  `conformance on PGlite${onServerOnly ? " (skipped: DATABASE_URL names a server, where server.test.ts runs the same kit; npm run test:slow runs both)" : ""}`,
  () => {
    runStoreConformance(
      "PostgreSQL store on PGlite",
      () => freshStore(pgliteClient(), "rpdi_lite"),
      {
        dispose: dropStore,
        numRuns: 10,
        skip: {
          "read while write":
            "PGlite is one connection: it runs one transaction at a time, so a read waits for any open write",
        },
      },
    );
  },
);
