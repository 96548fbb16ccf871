import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BATCH_BYTES, batchedLines } from "../../src/cli/batched-lines";

const directories: string[] = [];
function logFile(): string {
  const directory = mkdtempSync(join(tmpdir(), "rpdi-batched-lines-"));
  directories.push(directory);
  return join(directory, "lines.log");
}
afterEach(() => {
  for (const directory of directories.splice(0))
    rmSync(directory, { recursive: true, force: true });
});

describe("batchedLines", () => {
  it("holds a partial batch back, and close() writes every line in order, the waiting ones included", async () => {
    const path = logFile();
    const lines = await batchedLines(path);
    const written = Array.from({ length: 1000 }, (_, index) => `{"line":${index}}\n`);
    for (const line of written) lines.write(line);
    // Nothing reaches the file line by line: the first batch goes once 8 KiB are waiting.
    expect(readFileSync(path, "utf8").length).toBeLessThan(written.join("").length);
    await lines.close();
    expect(readFileSync(path, "utf8")).toBe(written.join(""));
  });

  it("writes lines logged after close() at once, after every earlier line", async () => {
    const path = logFile();
    const lines = await batchedLines(path);
    lines.write("before\n");
    await lines.close();
    lines.write("after\n");
    expect(readFileSync(path, "utf8")).toBe("before\nafter\n");
  });

  it("writes a line smaller than a batch without close() once the flush interval passes", async () => {
    const path = logFile();
    const lines = await batchedLines(path);
    lines.write("quiet server\n");
    expect("quiet server\n".length).toBeLessThan(BATCH_BYTES);
    // Polled, not timed: the line shows within the interval on an idle machine, later on a busy one.
    while (readFileSync(path, "utf8") === "")
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readFileSync(path, "utf8")).toBe("quiet server\n");
    await lines.close();
  });

  it("refuses a destination it cannot open", async () => {
    await expect(batchedLines(join(logFile(), "absent", "lines.log"))).rejects.toThrow(/ENOENT/);
  });
});
