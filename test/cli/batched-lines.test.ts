import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
} from "node:fs";
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

  it("drops lines beyond the bound while the reader stalls, and reports how many once it reads again", async () => {
    const fifo = logFile();
    execFileSync("mkfifo", [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const received: Buffer[] = [];
    const readAll = () => {
      const buffer = Buffer.alloc(64 * 1024);
      for (;;) {
        try {
          const read = readSync(reader, buffer);
          if (read === 0) return;
          received.push(Buffer.from(buffer.subarray(0, read)));
        } catch (error) {
          if ((error as { code?: string }).code === "EAGAIN") return;
          throw error;
        }
      }
    };
    try {
      const lines = await batchedLines(fifo, { maxWaitingBytes: 64 * 1024 });
      const reports: number[] = [];
      lines.onDropped((dropped) => reports.push(dropped));
      const line = `${"x".repeat(99)}\n`;
      // The pipe takes 64 KiB, the bound 64 KiB more: of 4,000 lines (400 KB) some must drop.
      for (let index = 0; index < 4000; index++) lines.write(line);
      while (reports.length === 0) {
        readAll();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      let closed = false;
      const closing = lines.close().then(() => {
        closed = true;
      });
      while (!closed) {
        readAll();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await closing;
      readAll();
      const kept = Buffer.concat(received).toString().split("\n").length - 1;
      expect(reports.reduce((sum, dropped) => sum + dropped, 0)).toBe(4000 - kept);
      expect(kept).toBeLessThan(4000);
    } finally {
      closeSync(reader);
    }
  });

  it("refuses a destination it cannot open", async () => {
    await expect(batchedLines(join(logFile(), "absent", "lines.log"))).rejects.toThrow(/ENOENT/);
  });
});
