import { createMemoryStore } from "../../src/store/memory";
import { runStoreConformance } from "../../src/testing/conformance";

runStoreConformance("memory store", () => createMemoryStore());
