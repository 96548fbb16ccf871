import { z } from "zod";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../domain/snapshot";
import { type CliIo, UsageError } from "./io";

/** Reads `--org`: an organization snapshot JSON file. */
export async function readSnapshotFile(io: CliIo, path: string): Promise<OrganizationSnapshot> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(await io.readFile(path)));
  } catch (error) {
    throw new UsageError(`cannot read the organization snapshot ${path}: ${describe(error)}`, {
      usage: false,
    });
  }
  const parsed = organizationSnapshotSchema.safeParse(json);
  if (!parsed.success) {
    throw new UsageError(
      `${path} is not an organization snapshot:\n${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/** An error as one line, its code (`ENOENT`) once: Node's file errors already begin with it. */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" && !error.message.startsWith(code)
      ? `${code}: ${error.message}`
      : error.message;
  }
  return String(error);
}

/** The size of an input file, so an oversized one is refused without being read. */
export async function statInputFile(io: CliIo, path: string): Promise<number> {
  try {
    return await io.fileSize(path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describe(error)}`, { usage: false });
  }
}

export async function readInputFile(io: CliIo, path: string): Promise<Uint8Array> {
  try {
    return await io.readFile(path);
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${describe(error)}`, { usage: false });
  }
}
