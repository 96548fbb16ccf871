import { readFile, stat } from "node:fs/promises";
import type { CliIo } from "../../src/cli/io";
import { runCli } from "../../src/cli/run";

/** Runs the CLI with files read from disk and output collected in memory. */
export async function runCliInMemory(
  args: string[],
  adjust: (io: CliIo) => void = () => undefined,
) {
  const out: string[] = [];
  const written = new Map<string, string>();
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: async (path) => readFile(path),
    fileSize: async (path) => (await stat(path)).size,
    writeFile: async (path, text) => {
      written.set(path, text);
    },
    color: false,
    now: () => new Date("2026-06-15T00:00:00Z"),
  };
  adjust(io);
  const code = await runCli(args, io);
  return { code, out: out.join(""), err: err.join(""), written };
}
