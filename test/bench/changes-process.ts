/**
 * Run in a fresh process by the benchmark: issue 45's change-log benchmarks (see
 * `benchChangePages` and `benchChangeLogCost`), so a memory store of 1,000,000 applications
 * neither lengthens the collections of the benchmarks after it nor is slowed by the heaps of
 * those before. Arguments: a PostgreSQL URL (empty for none), then the runs per median. Prints
 * the figures as JSON; progress goes to stderr.
 */
import { benchChangeLogCost, benchChangePages } from "./changes.bench";

const [url = "", runs = "5"] = process.argv.slice(2);
const database = url === "" ? undefined : url;
const pages = await benchChangePages(database, Math.max(Number(runs), 11), (line) =>
  process.stderr.write(`  (${line})\n`),
);
const cost = await benchChangeLogCost(database, Math.max(Number(runs), 5));
process.stdout.write(JSON.stringify({ pages, cost }));
