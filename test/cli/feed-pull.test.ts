import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../../src/cli/io";
import { jobApplicationSchema } from "../../src/client/index";
import { runCliInMemory } from "../support/cli";
import { startServe } from "../support/serve";

const MFA_ACCOUNT = {
  RPDI_EMAIL: "sandbox.mfa@hartwell.example",
  RPDI_PASSWORD: "sandbox-password",
  RPDI_MFA_SECRET: "JBSWY3DPEHPK3PXP",
};

let server: Awaited<ReturnType<typeof startServe>> | undefined;
let origin = "";
let work = "";

beforeAll(async () => {
  server = await startServe([]);
  origin = new URL(server.rest).origin;
  work = mkdtempSync(join(tmpdir(), "rpdi-feed-pull-"));
});

afterAll(() => {
  server?.child.kill();
  rmSync(work, { recursive: true, force: true });
});

const pull = (args: string[], env: Record<string, string> = MFA_ACCOUNT) =>
  runCliInMemory(
    [
      "feed",
      "pull",
      "--api-url",
      origin,
      "--login-url",
      `${origin}/app/sandbox/admin/auth/`,
      ...args,
    ],
    (io) => {
      io.env = (name) => env[name];
      io.now = () => new Date();
    },
  );

describe("rpdi feed pull", () => {
  it("writes every application of the period once as NDJSON, routing unknown degrees when asked", async () => {
    const out = join(work, "applications.ndjson");
    const { code, err } = await pull([
      "--since",
      "2026-01-01",
      "--until",
      "2026-07-01",
      "--window",
      "14d",
      "--out",
      out,
      "--unknown-degree",
      "Other",
    ]);
    expect(err).toContain("rpdi feed pull: 5 applications");
    expect(code).toBe(ExitCode.VALID);
    const records = readFileSync(out, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => jobApplicationSchema.parse(JSON.parse(line)));
    expect(new Set(records.map((record) => record.applicationId)).size).toBe(5);
    expect(err).toContain('"Bachelor of Laws (Honours)" (1) (written as "Other")');
    const degrees = records.flatMap((record) =>
      (record.educationHistory ?? []).map((entry) => entry.degree),
    );
    expect(degrees).not.toContain("Bachelor of Laws (Honours)");
    expect(degrees).toContain("Other");
    expect(readdirSync(work).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("a refused login exits 1 and leaves the existing file as it was", async () => {
    const out = join(work, "kept.ndjson");
    writeFileSync(out, "previous pull\n");
    const { code, err } = await pull(["--since", "2026-01-01", "--out", out], {
      ...MFA_ACCOUNT,
      RPDI_PASSWORD: "wrong-password",
    });
    expect(code).toBe(ExitCode.INVALID);
    expect(err).toContain("set no session cookie");
    expect(err).toContain("is unchanged");
    expect(err).not.toContain("wrong-password");
    expect(readFileSync(out, "utf8")).toBe("previous pull\n");
    expect(readdirSync(work).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("refuses to run without credentials in the environment, or with a bad window, in one line", async () => {
    const missing = await pull(["--since", "2026-01-01"], {});
    expect(missing.code).toBe(ExitCode.USAGE);
    expect(missing.err.trim().split("\n")).toHaveLength(1);
    expect(missing.err).toContain("RPDI_PASSWORD");
    const window = await pull(["--since", "2026-01-01", "--window", "7 days"]);
    expect(window.code).toBe(ExitCode.USAGE);
    expect(window.err).toContain("--window");
    const late = await pull(["--since", "2026-07-01", "--until", "2026-01-01"]);
    expect(late.code).toBe(ExitCode.USAGE);
    expect(late.err).toBe('rpdi: --since "2026-07-01" is after --until "2026-01-01"\n');
    expect(existsSync(join(work, "applications-late.ndjson"))).toBe(false);
  });

  it("pull options belong to feed pull only", async () => {
    const { code, err } = await runCliInMemory(["lists", "x.json", "--since", "2026-01-01"]);
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain("--since applies to rpdi feed pull only");
  });
});

describe("rpdi feed pull speaks in the CLI's terms", () => {
  it("quotes a date as typed and names --since or --until, not the library's parameter", async () => {
    const since = await pull(["--since", "2026-13-45"]);
    expect([since.code, since.err]).toEqual([
      ExitCode.USAGE,
      'rpdi: --since "2026-13-45" is not a date or time: write yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or yyyy-MM-ddTHH:mm:ssZ (no zone means UTC)\n',
    ]);
    const until = await pull(["--since", "2026-01-01", "--until", "tomorrow"]);
    expect(until.err).toContain('--until "tomorrow" is not a date or time');
    expect(until.err).not.toContain("must be a Date");
  });

  it("tells an MFA organization's refused login to set RPDI_MFA_SECRET", async () => {
    const { code, err } = await pull(["--since", "2026-01-01"], {
      RPDI_EMAIL: MFA_ACCOUNT.RPDI_EMAIL,
      RPDI_PASSWORD: MFA_ACCOUNT.RPDI_PASSWORD,
    });
    expect(code).toBe(ExitCode.INVALID);
    expect(err).toContain("(set RPDI_MFA_SECRET)");
    expect(err).not.toContain("credentials.");
  });

  it("names --api-url and --allow-insecure-http for plain http to another host", async () => {
    const { code, err } = await runCliInMemory(
      [
        "feed",
        "pull",
        "--api-url",
        "http://feed.example",
        "--login-url",
        "https://hr.example/app/x/admin/auth/",
        "--since",
        "2026-01-01",
      ],
      (io) => {
        io.env = (name) => (MFA_ACCOUNT as Record<string, string>)[name];
      },
    );
    expect(code).toBe(ExitCode.USAGE);
    expect(err).toContain("rpdi: --api-url is plain http to feed.example");
    expect(err).toContain("pass --allow-insecure-http for a trusted network");
    expect(err).not.toMatch(/apiUrl|allowInsecureHttp/);
  });
});
