import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { jobApplicationSchema } from "../../src/client/index";
import { ADMIN, changesSandbox, PASSWORD, SEEDED_APPLICATIONS } from "../support/changes";
import { runCliInMemory } from "../support/cli";
import { startServe, stopServe } from "../support/serve";

let sandbox: Awaited<ReturnType<typeof changesSandbox>>;
let server: ServerType;
let origin = "";
let work = "";

beforeEach(async () => {
  sandbox = await changesSandbox();
  server = serve({ fetch: sandbox.handler, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  work = mkdtempSync(join(tmpdir(), "rpdi-feed-sync-"));
});

afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

const ACCOUNT = { RPDI_EMAIL: ADMIN, RPDI_PASSWORD: PASSWORD };
const SANDBOX_ACCOUNT = {
  RPDI_EMAIL: "sandbox.mfa@hartwell.example",
  RPDI_PASSWORD: "sandbox-password",
  RPDI_MFA_SECRET: "JBSWY3DPEHPK3PXP",
};

const sync = (args: string[] = [], env: Record<string, string> = ACCOUNT) =>
  runCliInMemory(
    [
      "feed",
      "sync",
      "--api-url",
      origin,
      "--login-url",
      `${origin}/app/conformance/admin/auth/`,
      "--state",
      join(work, "sync.json"),
      ...args,
    ],
    (io) => {
      io.env = (name) => env[name];
    },
  );

/** The copy's application ids, line by line, each line checked against the record schema. */
function copyIds(file = join(work, "sync.ndjson")): string[] {
  return readFileSync(file, "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => jobApplicationSchema.parse(JSON.parse(line)).applicationId);
}

const state = () => JSON.parse(readFileSync(join(work, "sync.json"), "utf8"));
const byId = (ids: string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe("rpdi feed sync", () => {
  it("the first run copies every application, sorted by applicationId, then writes the state", async () => {
    const { code, out, err } = await sync();
    expect([code, err]).toEqual([ExitCode.VALID, ""]);
    expect(out).toMatch(
      /^rpdi feed sync: 12 changed, 0 deleted, 12 applications in .*sync\.ndjson \(a full read\)\n$/,
    );
    const ids = copyIds();
    expect(ids).toHaveLength(SEEDED_APPLICATIONS);
    expect(ids).toEqual(byId(ids));
    expect(state()).toEqual({
      version: 1,
      cursor: expect.stringMatching(/^c1\./),
      copy: "sync.ndjson",
    });
    expect(readdirSync(work).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("a second run applies only the new changes; an erasure removes its line", async () => {
    await sync();
    await sandbox.record(1, 2);
    const second = await sync();
    expect(second.out).toMatch(/: 2 changed, 0 deleted, 14 applications in .*sync\.ndjson\n$/);
    expect(copyIds()).toEqual(byId([...copyIds()]));
    expect(copyIds()).toContain("ra-2");
    await sandbox.erase("app-03");
    const third = await sync();
    expect(third.out).toMatch(/: 0 changed, 1 deleted, 13 applications in /);
    expect(copyIds()).not.toContain("app-03");
    const idle = await sync();
    expect(idle.out).toMatch(/: 0 changed, 0 deleted, 13 applications in /);
  });

  it("a 410 starts over from an empty copy and says so", async () => {
    await sync();
    // A record the service no longer has: a reset must drop it.
    const lines = readFileSync(join(work, "sync.ndjson"), "utf8");
    const stray = { ...JSON.parse(lines.split("\n")[0] as string), applicationId: "zz-stray" };
    writeFileSync(join(work, "sync.ndjson"), `${lines}${JSON.stringify(stray)}\n`);
    sandbox.later(31);
    await sandbox.record(3);
    const { code, out } = await sync();
    expect(code).toBe(ExitCode.VALID);
    expect(out).toMatch(
      /: 13 changed, 0 deleted, 13 applications in .*; the cursor had expired \(410\), so the copy was started over from empty\n$/,
    );
    expect(copyIds()).not.toContain("zz-stray");
    expect(copyIds()).toContain("ra-3");
  });

  it("a missing copy with a stored cursor reads everything again", async () => {
    await sync();
    rmSync(join(work, "sync.ndjson"));
    const { code, out, err } = await sync();
    expect(code).toBe(ExitCode.VALID);
    expect(err).toContain("is missing; copying everything again");
    expect(out).toMatch(/: 12 changed, 0 deleted, 12 applications in .*\(a full read\)\n$/);
    expect(copyIds()).toHaveLength(SEEDED_APPLICATIONS);
  });

  it("--copy places the first copy; the state keeps it relative; another --copy later is refused", async () => {
    const first = await sync(["--copy", join(work, "copies", "..", "elsewhere.ndjson")]);
    expect(first.code).toBe(ExitCode.VALID);
    expect(state().copy).toBe("elsewhere.ndjson");
    expect(copyIds(join(work, "elsewhere.ndjson"))).toHaveLength(SEEDED_APPLICATIONS);
    expect((await sync(["--copy", join(work, "elsewhere.ndjson")])).code).toBe(ExitCode.VALID);
    const other = await sync(["--copy", join(work, "other.ndjson")]);
    expect(other.code).toBe(ExitCode.USAGE);
    expect(other.err).toContain("is not the copy");
  });

  it("refused credentials exit 1 and write nothing", async () => {
    const { code, err } = await sync([], { RPDI_EMAIL: ADMIN, RPDI_PASSWORD: "wrong" });
    expect(code).toBe(ExitCode.INVALID);
    expect(err).toContain("nothing written");
    expect(existsSync(join(work, "sync.json")) || existsSync(join(work, "sync.ndjson"))).toBe(
      false,
    );
  });

  it("a damaged state or copy exits 1 and changes nothing", async () => {
    await sync();
    const before = readFileSync(join(work, "sync.json"), "utf8");
    const copy = readFileSync(join(work, "sync.ndjson"), "utf8");
    writeFileSync(join(work, "sync.ndjson"), `${copy}{"not":"a record"}\n`);
    const damagedCopy = await sync();
    expect([damagedCopy.code, damagedCopy.err]).toEqual([
      ExitCode.INVALID,
      expect.stringContaining(`line ${SEEDED_APPLICATIONS + 1} of`),
    ]);
    expect(readFileSync(join(work, "sync.json"), "utf8")).toBe(before);
    writeFileSync(join(work, "sync.json"), "{}");
    const damagedState = await sync();
    expect([damagedState.code, damagedState.err]).toEqual([
      ExitCode.INVALID,
      expect.stringContaining("is not a state file of rpdi feed sync"),
    ]);
    expect(readFileSync(join(work, "sync.json"), "utf8")).toBe("{}");
  });

  it("is refused without --state, and takes none of feed pull's own options", async () => {
    const without = await runCliInMemory(["feed", "sync", "--api-url", origin]);
    expect([without.code, without.err]).toEqual([
      ExitCode.USAGE,
      expect.stringContaining("--state <file> is required"),
    ]);
    expect((await sync(["--since", "2026-01-01"])).err).toContain(
      "--since applies to rpdi feed pull only",
    );
    const pull = await runCliInMemory(["feed", "pull", "--state", "x.json"]);
    expect(pull.err).toContain("--state applies to rpdi feed sync only");
  });
});

describe("rpdi feed sync against rpdi serve", () => {
  let served: Awaited<ReturnType<typeof startServe>> | undefined;
  beforeAll(async () => {
    served = await startServe([]);
  });
  afterAll(async () => {
    if (served !== undefined) await stopServe(served.child);
  });

  it("serve's wiring serves the changes: the sandbox is copied whole", async () => {
    const root = new URL(served?.rest ?? "").origin;
    const { code, out } = await runCliInMemory(
      [
        "feed",
        "sync",
        "--api-url",
        root,
        "--login-url",
        `${root}/app/sandbox/admin/auth/`,
        "--state",
        join(work, "sandbox.json"),
      ],
      (io) => {
        io.env = (name) => SANDBOX_ACCOUNT[name as keyof typeof SANDBOX_ACCOUNT];
      },
    );
    expect(code).toBe(ExitCode.VALID);
    const lines = copyIds(join(work, "sandbox.ndjson"));
    expect(lines.length).toBeGreaterThan(0);
    expect(out).toContain(`${lines.length} applications in `);
  });
});
