import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomically } from "../../src/cli/atomic-file";
import { ADMIN, PASSWORD } from "../http/support";
import { cliFromSource, ROOT, startServe } from "../support/serve";

const scratch = () => mkdtempSync(join(tmpdir(), "rpdi-modes-"));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("Files holding password hashes and MFA secrets are readable by their owner alone", () => {
  it("rpdi serve --persist writes a new state file 0600 from a 0600 seed, and narrows a 0644 one it replaces", async () => {
    const dir = scratch();
    const seed = join(dir, "seed.json");
    copyFileSync(join(import.meta.dirname, "../../fixtures/sandbox.json"), seed);
    chmodSync(seed, 0o600);
    const fresh = join(dir, "fresh.json");
    const old = join(dir, "old.json");
    writeFileSync(old, "{}");
    chmodSync(old, 0o644);
    for (const persist of [fresh, old]) {
      const { child, rest } = await startServe(["--seed", seed, "--persist", persist]);
      try {
        const root = rest.replace(/\/api\/v2$/, "");
        await fetch(`${root}/app/sandbox/admin/auth/`, {
          method: "POST",
          body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
        });
      } finally {
        child.kill("SIGTERM");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      expect(modeOf(persist)).toBe(0o600);
    }
  });

  it("creates the file 0600 even under a umask of 0 (the mode is the file's from its creation)", async () => {
    const dir = scratch();
    const path = join(dir, "state.json");
    const script = `
      const { writeFileAtomically } = await import(${JSON.stringify(join(import.meta.dirname, "../../src/cli/atomic-file.ts"))});
      const fs = await import("node:fs");
      process.umask(0);
      await writeFileAtomically(${JSON.stringify(path)}, "secret");
      console.log(JSON.stringify({ mode: fs.statSync(${JSON.stringify(path)}).mode & 0o777 }));
    `;
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script],
      {
        encoding: "utf8",
      },
    );
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({ mode: 0o600 });
    await writeFileAtomically(path, "again");
    expect(modeOf(path)).toBe(0o600);
  });

  it("rpdi validate --report writes its error report (the file's rows) 0600", () => {
    const dir = scratch();
    const report = join(dir, "errors.csv");
    const run = spawnSync(
      process.execPath,
      cliFromSource(
        "validate",
        "members",
        "fixtures/members/error-order.csv",
        "--product",
        "PERFORM",
        "--org",
        "fixtures/org.json",
        "--report",
        report,
      ),
      { cwd: ROOT, encoding: "utf8" },
    );
    expect(run.status).toBe(1);
    expect(modeOf(report)).toBe(0o600);
  });
});
