import { runStoreConformance } from "../../src/testing/conformance";
import { dropStore, freshStore, pgliteClient } from "./stores";

runStoreConformance("PostgreSQL store on PGlite", () => freshStore(pgliteClient(), "rpdi_lite"), {
  dispose: dropStore,
  numRuns: 10,
});
