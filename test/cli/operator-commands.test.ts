import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applicationsCommand } from "../../src/cli/applications-record";
import type { CliIo } from "../../src/cli/io";
import type { OpenStore } from "../../src/cli/open-store";
import { readOperatorTokenFile } from "../../src/cli/operator-token-file";
import { orgCommand } from "../../src/cli/org-apply";
import { createMemoryStore } from "../../src/memory/store";
import type { Store } from "../../src/store/port";
import { ACME, ACME_JOB, acmeApplication } from "../http/operator-support";
import { sandboxSnapshot } from "../http/support";
import { runCliInMemory } from "../support/cli";

const scratch = () => mkdtempSync(join(tmpdir(), "rpdi-operator-cli-"));

/** A CLI io over real files, collecting output, with a fixed clock. */
function memoryIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async (path) => (await import("node:fs/promises")).readFile(path),
    fileSize: async (path) => (await (await import("node:fs/promises")).stat(path)).size,
    writeFile: async () => undefined,
    color: false,
    now: () => new Date("2026-06-15T12:00:00Z"),
  };
  const taken = () => {
    const text = { out: out.join(""), err: err.join("") };
    out.length = 0;
    err.length = 0;
    return text;
  };
  return { io, taken };
}

/** The command's store seam handing it `store` (the memory store, standing in for a database). */
const seam =
  (store: Store): OpenStore =>
  async () => ({ store, close: async () => undefined });

const DB = ["--database-url", "postgres://unused.invalid/test"];

describe("rpdi serve --operator-token-file", () => {
  it("refuses a token file readable by group or others (0644), naming the fix", async () => {
    const path = join(scratch(), "operator-token");
    writeFileSync(path, "a-token-of-at-least-sixteen-characters\n");
    chmodSync(path, 0o644);
    const { code, err } = await runCliInMemory(["serve", "--operator-token-file", path]);
    expect(code).toBe(2);
    expect(err).toContain(
      `--operator-token-file ${path}: is readable by others than its owner (mode 0644)`,
    );
    expect(err).toContain(`chmod 600 ${path}`);
    expect(err).not.toContain("a-token-of-at-least");
  });

  it("refuses a missing, an empty and a short token file; reads a 0600 one trimmed", async () => {
    const dir = scratch();
    await expect(readOperatorTokenFile(join(dir, "none"))).rejects.toThrow(/no such file/);
    const empty = join(dir, "empty");
    writeFileSync(empty, " \n", { mode: 0o600 });
    await expect(readOperatorTokenFile(empty)).rejects.toThrow(/is empty/);
    const short = join(dir, "short");
    writeFileSync(short, "abc", { mode: 0o600 });
    await expect(readOperatorTokenFile(short)).rejects.toThrow(/at least 16 characters/);
    const good = join(dir, "good");
    writeFileSync(good, "  a-token-of-at-least-sixteen-characters \n", { mode: 0o600 });
    expect(await readOperatorTokenFile(good)).toBe("a-token-of-at-least-sixteen-characters");
    chmodSync(good, 0o640);
    await expect(readOperatorTokenFile(good)).rejects.toThrow(/mode 0640/);
    expect(await readOperatorTokenFile(good, "win32")).toBe(
      "a-token-of-at-least-sixteen-characters",
    );
  });
});

describe("rpdi org apply", () => {
  it("creates the organization, then changes it in place line by line, then finds nothing to change", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const { io, taken } = memoryIo();
    const dir = scratch();
    const file = join(dir, "org.json");
    const reviewCycle = { id: "6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f", name: "2026 review" };
    writeFileSync(
      file,
      JSON.stringify({ organization: ACME, jobs: [ACME_JOB], reviewCycles: [reviewCycle] }),
    );
    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(0);
    expect(taken()).toEqual({
      out: [
        "created organization org-acme (acme, Acme LLP)",
        "created 1 job",
        "created review cycle 6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e5f (2026 review)",
        "",
      ].join("\n"),
      err: "",
    });

    writeFileSync(
      file,
      JSON.stringify({
        organization: {
          ...ACME,
          name: "Acme Partners LLP",
          offices: [{ city: "London", country: "United Kingdom" }],
          pipelines: [
            ...ACME.pipelines,
            { id: "pl-2", name: "Summer", steps: [{ name: "Applied", bucket: "Active" }] },
          ],
        },
        jobs: [{ ...ACME_JOB, title: "Senior Associate" }],
        reviewCycles: [reviewCycle],
      }),
    );
    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(0);
    expect(taken()).toEqual({
      out: [
        "changed name",
        "added office London, United Kingdom",
        "retired office Boston, MA",
        "created pipeline pl-2 (Summer)",
        "changed 1 job",
        "",
      ].join("\n"),
      err: "",
    });
    const snapshot = await store.exportSnapshot("org-acme");
    expect(snapshot?.organization.name).toBe("Acme Partners LLP");
    expect(snapshot?.organization.offices).toEqual([
      { city: "London", state: null, country: "United Kingdom" },
    ]);
    expect(snapshot?.jobs.map((job) => job.title)).toEqual(["Senior Associate"]);

    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(0);
    expect(taken()).toEqual({ out: "nothing changed\n", err: "" });
  });

  it("prints every problem of an invalid file and writes nothing (exit 1)", async () => {
    const store = createMemoryStore(sandboxSnapshot());
    const { io, taken } = memoryIo();
    const file = join(scratch(), "org.json");
    writeFileSync(
      file,
      JSON.stringify({
        organization: { ...ACME, shortName: "not a short name" },
        jobs: [{ id: "j", title: "" }],
        extra: true,
      }),
    );
    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(1);
    const { out, err } = taken();
    expect(out).toBe("");
    expect(err).toContain("rpdi: org apply:");
    expect(err).toContain("nothing was written");
    writeFileSync(
      file,
      JSON.stringify({
        organization: { ...ACME, shortName: "not a short name" },
        jobs: [{ id: "j", title: "" }],
      }),
    );
    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(1);
    expect(taken().err).toBe(
      [
        `rpdi: org apply: ${file} has 2 problems; nothing was written`,
        "  organization.shortName: 1 to 63 letters, digits, '-' or '_', starting with a letter or digit",
        "  jobs.0.title: must not be empty",
        "",
      ].join("\n"),
    );
    expect(await store.findOrganizationId("acme")).toBeNull();
  });

  it("refuses to run without --database-url: a memory store would vanish at exit", async () => {
    const file = join(scratch(), "org.json");
    writeFileSync(file, JSON.stringify({ organization: ACME }));
    const { code, err } = await runCliInMemory(["org", "apply", file]);
    expect(code).toBe(2);
    expect(err).toContain("org apply writes to a database: pass --database-url <postgres://…>");
  });
});

describe("rpdi applications record", () => {
  async function acmeStore() {
    const store = createMemoryStore(sandboxSnapshot());
    const { io, taken } = memoryIo();
    const file = join(scratch(), "org.json");
    writeFileSync(file, JSON.stringify({ organization: ACME, jobs: [ACME_JOB] }));
    expect(await orgCommand(["apply", file, ...DB], io, seam(store))).toBe(0);
    taken();
    return { store, io, taken };
  }

  it("records an NDJSON file and prints the counts; again, nothing changes", async () => {
    const { store, io, taken } = await acmeStore();
    const file = join(scratch(), "applications.ndjson");
    writeFileSync(
      file,
      `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n\n${JSON.stringify(acmeApplication("a-2", "c-2"))}\n`,
    );
    const args = ["record", file, "--org", "org-acme", ...DB];
    expect(await applicationsCommand(args, io, seam(store))).toBe(0);
    expect(taken()).toEqual({
      out: "recorded 2 applications in 1 batch: 2 created, 0 updated, 0 unchanged; 2 status changes added\n",
      err: "",
    });
    expect(await applicationsCommand(args, io, seam(store))).toBe(0);
    expect(taken().out).toBe(
      "recorded 2 applications in 1 batch: 0 created, 0 updated, 2 unchanged; 0 status changes added\n",
    );
  });

  it("names lines that are not JSON and writes nothing", async () => {
    const { store, io, taken } = await acmeStore();
    const file = join(scratch(), "applications.ndjson");
    writeFileSync(file, `${JSON.stringify(acmeApplication("a-1", "c-1"))}\n{"id":\nnot json\n`);
    expect(
      await applicationsCommand(["record", file, "--org", "org-acme", ...DB], io, seam(store)),
    ).toBe(1);
    const { err } = taken();
    expect(err).toMatch(
      /^rpdi: applications record: 2 lines are not JSON; nothing was written\n {2}line 2: is not JSON \(.*\)\n {2}line 3: is not JSON/,
    );
    expect((await store.exportSnapshot("org-acme"))?.applications).toEqual([]);
  });

  it("sends batches of 10,000 lines, each committed: a refused batch names its lines, the ones before stay", async () => {
    const { store, io, taken } = await acmeStore();
    const lines: string[] = [];
    for (let n = 0; n < 10_002; n++)
      lines.push(JSON.stringify(acmeApplication(`a-${n}`, `c-${n}`)));
    lines[10_001] = JSON.stringify({ ...acmeApplication("a-x", "c-x"), jobId: "no-such-job" });
    const file = join(scratch(), "applications.ndjson");
    writeFileSync(file, `${lines.join("\n")}\n`);
    expect(
      await applicationsCommand(["record", file, "--org", "org-acme", ...DB], io, seam(store)),
    ).toBe(1);
    const { out, err } = taken();
    expect(out).toBe("lines 1–10000: 10000 created, 0 updated, 0 unchanged (committed)\n");
    expect(err).toBe(
      [
        "rpdi: applications record: lines 10001–10002 refused: INVALID_INPUT: The input has 1 problem. The batches before it (up to line 10000) were recorded; this batch wrote nothing and the lines after it were not sent.",
        "  line 10002: jobId: is no job of the organization",
        "",
      ].join("\n"),
    );
    expect((await store.exportSnapshot("org-acme"))?.applications).toHaveLength(10_000);
  }, 60_000);

  it("refuses to run without --database-url, and without --org", async () => {
    const file = join(scratch(), "applications.ndjson");
    writeFileSync(file, "\n");
    const without = await runCliInMemory(["applications", "record", file, "--org", "org-acme"]);
    expect(without.code).toBe(2);
    expect(without.err).toContain("applications record writes to a database: pass --database-url");
    const noOrg = await runCliInMemory(["applications", "record", file, ...DB]);
    expect([noOrg.code, noOrg.err.split("\n")[0]]).toEqual([
      2,
      "rpdi: --org <organization id> is required",
    ]);
  });
});

describe("rpdi serve with an operator token", () => {
  it("serves /operator/v1 to the token's holder, and never prints the token", async () => {
    const { startServe, stopServe } = await import("../support/serve");
    const path = join(scratch(), "operator-token");
    const token = "served-operator-token-0123456789abcdef";
    writeFileSync(path, `${token}\n`, { mode: 0o600 });
    const { child, rest, output } = await startServe(["--operator-token-file", path]);
    try {
      const root = rest.replace(/\/api\/v2$/, "");
      expect(output()).toContain(`Operator ${root}/operator/v1`);
      const call = (authorization: string) =>
        fetch(`${root}/operator/v1/organizations`, {
          method: "POST",
          headers: { authorization, "content-type": "application/json" },
          body: JSON.stringify({ organization: ACME }),
        });
      expect((await call("Bearer not-the-token-at-all")).status).toBe(401);
      expect((await call(`Bearer ${token}`)).status).toBe(201);
    } finally {
      await stopServe(child);
    }
    expect(output()).not.toContain(token);
  }, 60_000);
});
