/**
 * Run in a fresh process by the benchmark: lookup-list reads beside a 10 MiB member import (see
 * `benchReadsBesideImport`), so the heaps of the benchmarks before it do not lengthen this one's
 * garbage collections. Arguments: `memory` or a PostgreSQL URL, then `pool` or `paced`. Prints the
 * figures as JSON.
 */
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { generateMemberBenchInput } from "./member-file";
import {
  benchReadsBesideMemoryImport,
  benchReadsBesidePostgresImport,
} from "./reads-during-import.bench";

const [store = "memory", mode = "pool"] = process.argv.slice(2);
const input = generateMemberBenchInput(MAX_CSV_BYTES);
const workers = mode === "pool";
const figures =
  store === "memory"
    ? await benchReadsBesideMemoryImport(input, workers)
    : await benchReadsBesidePostgresImport(store, input, workers);
process.stdout.write(JSON.stringify(figures));
