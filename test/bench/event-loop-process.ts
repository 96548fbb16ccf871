/**
 * Run in a fresh process by the benchmark: a library-level 10 MiB member import beside reads in
 * the same process (see `benchEventLoopBesideImport`), so the heaps of the benchmarks before it do
 * not lengthen this one's garbage collections. Arguments: `memory` or a PostgreSQL URL, then
 * `default` or `unpaced`. Prints the figures as JSON.
 */
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { benchEventLoopOnMemory, benchEventLoopOnPostgres } from "./event-loop.bench";
import { generateMemberBenchInput } from "./member-file";

const [store = "memory", mode = "default"] = process.argv.slice(2);
const input = generateMemberBenchInput(MAX_CSV_BYTES);
const paced = mode !== "unpaced";
const figures =
  store === "memory"
    ? await benchEventLoopOnMemory(input, paced)
    : await benchEventLoopOnPostgres(store, input, paced);
process.stdout.write(JSON.stringify(figures));
