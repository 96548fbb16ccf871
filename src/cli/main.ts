import { mkdir, readFile, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { writeFileAtomically } from "./atomic-file";
import { runCli } from "./run";

const color = process.stdout.isTTY === true && process.env.NO_COLOR === undefined;

runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readFile: async (path) => readFile(path),
  fileSize: async (path) => (await stat(path)).size,
  // Reports copy the file's rows (names, addresses): readable by their owner alone.
  writeFile: async (path, text) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFileAtomically(path, text);
  },
  color,
  now: () => new Date(),
  env: (name) => process.env[name],
  ...(process.stderr.isTTY === true
    ? {
        progress: (line: string | null) =>
          process.stderr.write(line === null ? "\r\x1b[2K" : `\r\x1b[2K${line}`),
      }
    : {}),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `rpdi: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 70;
  },
);
