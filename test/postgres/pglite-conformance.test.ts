import { runStoreConformance } from "../../src/testing/conformance";
import { dropStore, freshStore, pgliteClient } from "./stores";

runStoreConformance("PostgreSQL store on PGlite", () => freshStore(pgliteClient(), "rpdi_lite"), {
  dispose: dropStore,
  numRuns: 10,
  skip: {
    "read while write":
      "PGlite is one connection: it runs one transaction at a time, so a read waits for any open write",
  },
});
