import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { removeStrayTemporaries, writeFileAtomically } from "../../src/cli/atomic-file";

const scratch = () => mkdtempSync(join(tmpdir(), "rpdi-atomic-"));
// Above Linux's largest process id (2^22), so no process has it.
const DEAD_PID = 4_194_305;

describe("writeFileAtomically", () => {
  it("creates or replaces the file, keeps a narrower mode of the replaced file, and leaves nothing beside it", async () => {
    const dir = scratch();
    const path = join(dir, "state.json");
    await writeFileAtomically(path, "first");
    expect(readFileSync(path, "utf8")).toBe("first");
    chmodSync(path, 0o400);
    await writeFileAtomically(path, "second");
    expect(readFileSync(path, "utf8")).toBe("second");
    expect(statSync(path).mode & 0o777).toBe(0o400);
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("fails without leaving a temporary when the target cannot be replaced", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "state.json"), "kept");
    // A non-empty directory in the way: the temporary is written and synced, the rename fails.
    const blocked = join(dir, "blocked");
    mkdirSync(join(blocked, "inner"), { recursive: true });
    await expect(writeFileAtomically(blocked, "no")).rejects.toThrow();
    expect(readdirSync(dir).sort()).toEqual(["blocked", "state.json"]);
    expect(readFileSync(join(dir, "state.json"), "utf8")).toBe("kept");
  });
});

describe("removeStrayTemporaries", () => {
  it("removes the temporaries of dead processes beside the file, and keeps a running process's and other files", async () => {
    const dir = scratch();
    const path = join(dir, "state.json");
    const names = [
      `.state.json.${DEAD_PID}-0123456789ab.tmp`,
      `.state.json.${process.pid}-0123456789ab.tmp`,
      `.state.json.${process.ppid}-0123456789ab.tmp`,
      `.other.json.${DEAD_PID}-0123456789ab.tmp`,
      "state.json",
      `.state.json.${DEAD_PID}-notatemp.tmp`,
    ];
    for (const name of names) writeFileSync(join(dir, name), "x");
    const removed = await removeStrayTemporaries(path);
    expect(removed.sort()).toEqual(
      [
        join(dir, `.state.json.${DEAD_PID}-0123456789ab.tmp`),
        join(dir, `.state.json.${process.pid}-0123456789ab.tmp`),
      ].sort(),
    );
    expect(readdirSync(dir).sort()).toEqual(names.slice(2).sort());
  });

  it("finds nothing when the directory does not exist", async () => {
    expect(await removeStrayTemporaries(join(scratch(), "absent", "state.json"))).toEqual([]);
  });
});
