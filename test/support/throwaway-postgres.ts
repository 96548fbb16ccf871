import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { vi } from "vitest";
import { freePort } from "./free-port";

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of its own (initdb, pg_ctl) in a temporary directory, on a free loopback
 * port with its socket in that directory: the fault suites stop, restart and kill it, which
 * disturbs no other suite's server.
 */
export interface ThrowawayPostgres {
  readonly port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres`, trust authentication. */
  readonly url: string;
  /** Starts the postmaster; resolves once it runs `SELECT 1` for a new connection. */
  start(): Promise<void>;
  /** `pg_ctl stop -m <mode>`: `fast` rolls open transactions back, `immediate` is a crash. */
  stop(mode: "fast" | "immediate"): Promise<void>;
  /** SIGKILL of the postmaster; resolves once its backends have gone too (start then recovers). */
  kill(): Promise<void>;
  /** What `pg_ctl restart` does: stop (`-m fast`), then start. */
  restart(): Promise<void>;
  /** Whether a new connection runs `SELECT 1` now (not only whether the port is open). */
  accepting(): Promise<boolean>;
  /** Stops the server if it runs (immediate, else SIGKILL) and removes its directory. */
  remove(): Promise<void>;
}

/** The directory of initdb and pg_ctl: the newest of Debian's versions, else `pg_config --bindir`. */
async function binDirectory(): Promise<string | undefined> {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => existsSync(join(debian, name, "bin/initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], "bin");
  }
  try {
    const { stdout } = await run("pg_config", ["--bindir"]);
    const directory = stdout.trim();
    return existsSync(join(directory, "initdb")) ? directory : undefined;
  } catch {
    return undefined;
  }
}

/** The user and group ids initdb runs as: its refusal to run as root is a rule, not a bug. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
    const [name, , uid, gid] = line.split(":");
    if (name === "postgres") return { uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

/**
 * Why the fault suites cannot start a cluster here, or `undefined` when they can: no initdb and
 * pg_ctl, or running as root without a `postgres` user to run them as.
 */
export async function throwawayPostgresAbsence(): Promise<string | undefined> {
  if ((await binDirectory()) === undefined)
    return "no initdb/pg_ctl (neither /usr/lib/postgresql/<version>/bin nor pg_config --bindir)";
  if (process.getuid?.() === 0 && serverUser() === undefined)
    return "running as root with no postgres user for initdb to run as";
  return undefined;
}

/** The ids of the live (not zombie) processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(parent) === pid && state !== "Z") children.push(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return children;
}

function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0] !== "Z";
  } catch {
    return false;
  }
}

/** Creates a cluster (initdb) and starts it. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = await binDirectory();
  if (bin === undefined) throw new Error("no initdb/pg_ctl on this machine");
  const user = serverUser();
  const directory = mkdtempSync(join(tmpdir(), "rpdi-fault-pg-"));
  const data = join(directory, "data");
  const socket = join(directory, "socket");
  const log = join(directory, "server.log");
  mkdirSync(socket);
  if (user !== undefined) {
    chownSync(directory, user.uid, user.gid);
    chownSync(socket, user.uid, user.gid);
  }
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const as = user === undefined ? {} : { uid: user.uid, gid: user.gid };
  const tool = (name: string, args: string[]) =>
    run(join(bin, name), args, { ...as, cwd: directory, env: { ...process.env, LC_ALL: "C" } });
  const logTail = () => (existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "");

  await tool("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  // fsync off: a killed server process loses nothing the kernel holds, and these suites kill
  // processes, not the machine. Small memory, few connections: four clusters may run at once.
  writeFileSync(
    join(data, "postgresql.auto.conf"),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socket}'`,
      "fsync = off",
      "full_page_writes = off",
      "shared_buffers = '32MB'",
      "max_connections = 40",
      "log_min_messages = warning",
      "",
    ].join("\n"),
  );
  if (user !== undefined) chownSync(join(data, "postgresql.auto.conf"), user.uid, user.gid);

  // The postmaster is this process's child, not pg_ctl's: a killed one is reaped here at once,
  // where an orphan's zombie would keep its pid "running" for the next start's lock-file check.
  let postmaster: ChildProcess | undefined;
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const cluster: ThrowawayPostgres = {
    port,
    url,
    async start() {
      if (postmaster !== undefined) throw new Error("this PostgreSQL runs already");
      const logFile = openSync(log, "a");
      const child = spawn(join(bin, "postgres"), ["-D", data], {
        ...as,
        cwd: directory,
        env: { ...process.env, LC_ALL: "C" },
        stdio: ["ignore", logFile, logFile],
      });
      closeSync(logFile);
      postmaster = child;
      await vi
        .waitFor(
          async () => {
            if (child.exitCode !== null || child.signalCode !== null)
              throw new Error("the postmaster exited");
            if (!(await cluster.accepting())) throw new Error("not accepting connections yet");
          },
          { timeout: 60_000, interval: 50 },
        )
        .catch((error: unknown) => {
          throw new Error(`PostgreSQL did not start: ${String(error)}\n${logTail()}`);
        });
    },
    async stop(mode) {
      const child = postmaster;
      if (child === undefined) throw new Error("this PostgreSQL is not running");
      await tool("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
      await exited(child);
      postmaster = undefined;
    },
    async kill() {
      const child = postmaster;
      if (child?.pid === undefined) throw new Error("the postmaster is not running");
      const backends = childrenOf(child.pid);
      child.kill("SIGKILL");
      await exited(child);
      postmaster = undefined;
      // Backends end when they notice the postmaster gone; one busy in a statement may take a
      // while, and a new postmaster refuses to start while any still holds the shared memory.
      const gone = () => {
        if (backends.some(alive)) throw new Error("backends of the killed postmaster still run");
      };
      const noticed = await vi.waitFor(gone, { timeout: 5_000, interval: 50 }).then(
        () => true,
        () => false,
      );
      if (!noticed) {
        for (const backend of backends) if (alive(backend)) process.kill(backend, "SIGKILL");
        await vi.waitFor(gone, { timeout: 10_000, interval: 50 });
      }
    },
    /** pg_ctl restart's two steps (stop -m fast, start), with the new postmaster a child here. */
    async restart() {
      await cluster.stop("fast");
      await cluster.start();
    },
    async accepting() {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
      client.on("error", () => undefined);
      try {
        await client.connect();
        await client.query("SELECT 1");
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async remove() {
      if (postmaster !== undefined)
        await cluster.stop("immediate").catch(() => cluster.kill().catch(() => undefined));
      rmSync(directory, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw new Error(`the throwaway PostgreSQL did not start: ${String(error)}`);
  }
  return cluster;
}
