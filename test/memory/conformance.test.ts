import { createMemoryStore } from "../../src/memory/store";
import { runStoreConformance } from "../../src/testing/conformance";

runStoreConformance("memory store", () => createMemoryStore());
