import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PostgreSQL cluster of the bench's own, on a free loopback port, with a JSON statement log. */
export interface ThrowawayCluster {
  url: string;
  port: number;
  /** Every JSON log entry written so far. */
  logEntries(): LogEntry[];
  stop(): void;
}

/** One entry of PostgreSQL's `jsonlog`, the fields the bench reads. */
export interface LogEntry {
  pid: number;
  message: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("no loopback port");
  return address.port;
}

/** Runs a PostgreSQL tool as the `postgres` OS user (initdb refuses root). */
function asPostgres(tool: string, args: readonly string[]): void {
  const asRoot = process.getuid?.() === 0;
  execFileSync(asRoot ? "runuser" : tool, asRoot ? ["-u", "postgres", "--", tool, ...args] : args, {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Starts a cluster with `initdb`/`pg_ctl` in a fresh directory: trust auth on 127.0.0.1, statements
 * logged only for sessions that ask (`log_min_duration_statement` is -1 by default; a session sets
 * it to 0), parameters left out of the log so a 20,000-address array costs the log nothing.
 */
export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(join(tmpdir(), "rpdi-floor-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  else chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);
  const data = join(dir, "data");
  const logs = join(dir, "log");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    "-c logging_collector=on",
    "-c log_destination=jsonlog",
    `-c log_directory=${logs}`,
    "-c log_min_duration_statement=-1",
    "-c log_parameter_max_length=0",
    "-c log_parameter_max_length_on_error=0",
  ].join(" ");
  asPostgres("pg_ctl", [
    "-D",
    data,
    "-o",
    options,
    "-w",
    "-s",
    "-l",
    join(dir, "pg_ctl.log"),
    "start",
  ]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    logEntries() {
      const entries: LogEntry[] = [];
      for (const name of readdirSync(logs)
        .filter((file) => file.endsWith(".json"))
        .sort())
        for (const line of readFileSync(join(logs, name), "utf8").split("\n")) {
          if (line === "") continue;
          const entry = JSON.parse(line) as { pid: number; message?: string };
          entries.push({ pid: entry.pid, message: entry.message ?? "" });
        }
      return entries;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "-s", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A statement's server time from one `duration:` log entry (parse, bind and execute each count). */
export interface StatementTime {
  ms: number;
  /** The statement's text as logged (after `statement:`, `execute <name>:` …). */
  text: string;
}

const DURATION = /^duration: ([\d.]+) ms(?:\s+(?:statement|parse|bind|execute)[^:]*: ([\s\S]*))?$/;

/** The durations the server logged for backend `pid`, in order. */
export function statementTimes(entries: readonly LogEntry[], pid: number): StatementTime[] {
  const times: StatementTime[] = [];
  for (const entry of entries) {
    if (entry.pid !== pid) continue;
    const match = DURATION.exec(entry.message);
    if (match === null) continue;
    times.push({ ms: Number(match[1]), text: (match[2] ?? "").trim() });
  }
  return times;
}
