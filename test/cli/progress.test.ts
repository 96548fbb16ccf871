import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { CliIo } from "../../src/cli/io";
import { startProgress } from "../../src/cli/progress";
import { runCliInMemory } from "../support/cli";
import { FIXTURES } from "../support/fixtures";

function terminal() {
  const lines: (string | null)[] = [];
  const io = { progress: (line: string | null) => lines.push(line) } as unknown as CliIo;
  return { io, lines };
}

describe("CLI progress", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("stays silent for the first second, then redraws at most every 100 ms, and clears what it drew", () => {
    const { io, lines } = terminal();
    let now = 0;
    const progress = startProgress(io, () => now);
    let asked = 0;
    const describe = () => `step ${++asked}`;
    for (now = 0; now < 1000; now += 50) progress.update(describe);
    expect(lines).toEqual([]);
    for (now = 1000; now < 1300; now += 25) progress.update(describe);
    expect(lines).toEqual(["step 1", "step 2", "step 3"]);
    progress.done();
    expect(lines.at(-1)).toBeNull();
  });

  it("draws nothing, and clears nothing, for work under a second", () => {
    const { io, lines } = terminal();
    let now = 0;
    const progress = startProgress(io, () => now);
    now = 999;
    progress.update(() => "never");
    progress.done();
    expect(lines).toEqual([]);
  });

  it("is a no-op when stderr is not a terminal (no progress drawer)", () => {
    let now = 0;
    const progress = startProgress({} as CliIo, () => now);
    now = 5000;
    expect(() => {
      progress.update(() => "never");
      progress.done();
    }).not.toThrow();
  });

  /** A file of several 64 KiB slices, so reading it makes several steps. */
  const largeFile = (() => {
    const directory = mkdtempSync(join(tmpdir(), "rpdi-progress-"));
    const path = join(directory, "members.csv");
    const rows = Array.from(
      { length: 6000 },
      (_, index) => `person.${index}@hartwell.example,First${index},Last${index}`,
    );
    writeFileSync(path, `Email,First Name,Last Name\n${rows.join("\n")}\n`);
    return { path, remove: () => rmSync(directory, { recursive: true }) };
  })();
  afterAll(() => largeFile.remove());

  const validate = (adjust: (io: CliIo) => void) =>
    runCliInMemory(
      [
        "validate",
        "members",
        largeFile.path,
        "--product",
        "RECRUIT",
        "--org",
        join(FIXTURES, "org.json"),
      ],
      adjust,
    );

  it("validate members shows the bytes read on a terminal when the work runs long, then clears the line", async () => {
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 700));
    const lines: (string | null)[] = [];
    const { code, err } = await validate((io) => {
      io.progress = (line) => lines.push(line);
    });
    expect(code).toBe(0);
    expect(
      lines.some((line) => line?.startsWith("rpdi: reading ") && line.includes(" MiB of ")),
    ).toBe(true);
    expect(lines.at(-1)).toBeNull();
    expect(err).toBe("");
  });

  it("validate members writes no progress when stderr is not a terminal, however long it runs", async () => {
    let clock = 0;
    vi.spyOn(performance, "now").mockImplementation(() => (clock += 700));
    const { code, err } = await validate(() => undefined);
    expect(code).toBe(0);
    expect(err).toBe("");
  });
});
