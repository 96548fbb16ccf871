import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Redis } from "ioredis";
import { vi } from "vitest";
import { freePort } from "./free-port";

/**
 * A `redis-server` of its own, a child process on a free loopback port, nothing saved: the fault
 * suites stop and kill it, which disturbs no other suite's Redis.
 */
export interface ThrowawayRedis {
  readonly port: number;
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  /** Starts it on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** SIGTERM (a shutdown that saves nothing: `--save ""`); resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL; resolves once it has exited. */
  kill(): Promise<void>;
  /** Kills it if it runs and removes its directory; safe to call twice. */
  remove(): Promise<void>;
}

/** Why no Redis can be started here, or `undefined` when `redis-server` runs. */
export async function throwawayRedisAbsence(): Promise<string | undefined> {
  try {
    await promisify(execFile)("redis-server", ["--version"]);
    return undefined;
  } catch {
    return "no redis-server on the PATH";
  }
}

/** Whether a Redis at `url` answers PING now (its refusals are expected here, not logged). */
async function pings(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts a Redis in a new temporary directory. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const directory = mkdtempSync(join(tmpdir(), "rpdi-fault-redis-"));
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (running === undefined) return;
    const gone = exited(running);
    running.kill(signal);
    await gone;
  };
  const redis: ThrowawayRedis = {
    port,
    url,
    async start() {
      if (child !== undefined) throw new Error("this Redis runs already");
      const started = spawn(
        "redis-server",
        [
          "--port",
          String(port),
          "--bind",
          "127.0.0.1",
          "--save",
          "",
          "--appendonly",
          "no",
          "--dir",
          directory,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      child = started;
      started.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      started.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      await vi.waitFor(
        async () => {
          if (started.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
          if (!(await pings(url))) throw new Error(`no PONG from ${url} yet`);
        },
        { timeout: 15_000, interval: 50 },
      );
    },
    stop: () => end("SIGTERM"),
    kill: () => end("SIGKILL"),
    async remove() {
      await end("SIGKILL");
      rmSync(directory, { recursive: true, force: true });
    },
  };
  try {
    await redis.start();
  } catch (error) {
    await redis.remove();
    throw error;
  }
  return redis;
}
