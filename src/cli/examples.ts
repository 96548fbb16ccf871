import { exampleFiles, exampleOrganization, sandboxOrganization } from "../examples";
import { type CliIo, ExitCode, toJson } from "./io";

/** Where `rpdi examples` writes when given no directory: the paths the guides name. */
export const DEFAULT_EXAMPLES_DIR = "fixtures";

/**
 * `rpdi examples [dir]`: writes the guides' example organizations (`org.json`, `sandbox.json`)
 * and files (`demo/…`, `matters/…`) under `dir`, so every command of the guides runs in any
 * project. A file already there is kept as it is, never overwritten.
 */
export async function examplesCommand(io: CliIo, dir = DEFAULT_EXAMPLES_DIR): Promise<ExitCode> {
  const files: Record<string, string> = {
    "org.json": toJson(exampleOrganization()),
    "sandbox.json": toJson(sandboxOrganization()),
    ...exampleFiles,
  };
  const base = dir.replace(/\/+$/, "");
  for (const [name, text] of Object.entries(files)) {
    const path = `${base}/${name}`;
    if (await exists(io, path)) {
      io.stdout(`kept    ${path} (already there)\n`);
      continue;
    }
    await io.writeFile(path, text);
    io.stdout(`written ${path}\n`);
  }
  return ExitCode.VALID;
}

async function exists(io: CliIo, path: string): Promise<boolean> {
  try {
    await io.fileSize(path);
    return true;
  } catch {
    return false;
  }
}
