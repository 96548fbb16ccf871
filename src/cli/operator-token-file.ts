import { readFile, stat } from "node:fs/promises";
import { OPERATOR_TOKEN_MIN_LENGTH } from "../http/operator/auth";
import { UsageError } from "./io";

/**
 * The operator token of `rpdi serve --operator-token-file <file>`, read once at start and trimmed.
 * Refused, with a sentence saying what to do, when the file is missing, empty, too short, or
 * readable by group or others (its mode must be 0600 or stricter; Windows has no such modes and
 * is not checked). No message holds the token.
 */
export async function readOperatorTokenFile(
  path: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  const refuse = (why: string) =>
    new UsageError(`--operator-token-file ${path}: ${why}`, { usage: false });
  let mode: number;
  try {
    const stats = await stat(path);
    if (!stats.isFile()) throw refuse("is not a file");
    mode = stats.mode & 0o777;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw refuse(
      (error as { code?: unknown }).code === "ENOENT"
        ? "no such file"
        : `cannot be read (${(error as { code?: unknown }).code ?? "unknown error"})`,
    );
  }
  if (platform !== "win32" && (mode & 0o077) !== 0)
    throw refuse(
      `is readable by others than its owner (mode 0${mode.toString(8)}); the token is a key to every organization: chmod 600 ${path}`,
    );
  let token: string;
  try {
    token = (await readFile(path, "utf8")).trim();
  } catch (error) {
    throw refuse(`cannot be read (${(error as { code?: unknown }).code ?? "unknown error"})`);
  }
  if (token === "")
    throw refuse("is empty; write a token into it (openssl rand -hex 32 makes one)");
  if (token.length < OPERATOR_TOKEN_MIN_LENGTH || /\s/.test(token))
    throw refuse(
      `holds no usable token: one line of at least ${OPERATOR_TOKEN_MIN_LENGTH} characters without spaces (openssl rand -hex 32 makes one)`,
    );
  return token;
}
