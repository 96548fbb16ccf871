import { parseArgs } from "node:util";
import { applyOrganization } from "./apply-organization";
import { type CliIo, ExitCode, UsageError } from "./io";
import { type OpenStore, openCommandStore, openDatabaseStore } from "./open-store";
import { checkOrganizationFile, type FileProblem } from "./organization-file";
import { parseFailure } from "./parse-failure";
import { describe, statInputFile } from "./snapshot-file";
import { meantWord } from "./suggest";
import { commandHelp, commandOptions } from "./usage";

/** The largest organization file `rpdi org apply` reads: 64 MiB, checked before reading. */
export const MAX_ORGANIZATION_FILE_BYTES = 64 * 1024 * 1024;

function parseOrgArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      "database-url": { type: "string" },
      schema: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
}

/** `rpdi org apply <org.json> --database-url <url>` (argv after `org`); resolves to the exit code. */
export async function orgCommand(
  argv: readonly string[],
  io: CliIo,
  openStore: OpenStore = openDatabaseStore,
): Promise<ExitCode> {
  let parsed: ReturnType<typeof parseOrgArgs>;
  try {
    parsed = parseOrgArgs(argv);
  } catch (error) {
    throw parseFailure(error, commandOptions("org apply"));
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(`${commandHelp("org apply")}\n`);
    return ExitCode.VALID;
  }
  const [action, file, ...extra] = positionals;
  if (action !== "apply")
    throw new UsageError(
      `"org" takes "apply", not ${action === undefined ? "nothing" : `"${action}"${meantWord(action, ["apply"])}`}`,
    );
  if (file === undefined) throw new UsageError("no organization file given");
  if (extra.length > 0) throw new UsageError(`unexpected argument "${extra[0]}"`);
  const checked = checkOrganizationFile(await readJsonFile(io, file));
  if (!checked.ok) {
    printProblems(
      io,
      `${file} has ${checked.problems.length} problem${checked.problems.length === 1 ? "" : "s"}; nothing was written`,
      checked.problems,
    );
    return ExitCode.INVALID;
  }
  const opened = await openCommandStore(
    "org apply",
    values["database-url"],
    values.schema,
    openStore,
  );
  try {
    const applied = await applyOrganization(opened.store, checked.file);
    for (const line of applied.changes) io.stdout(`${line}\n`);
    if (applied.changes.length === 0 && applied.refused === null) io.stdout("nothing changed\n");
    for (const field of applied.notChanged)
      io.stderr(
        `rpdi: org apply: ${field} differs from the stored one and is not changed in place (only a snapshot sets it)\n`,
      );
    if (applied.refused === null) return ExitCode.VALID;
    const { code, message, problems } = applied.refused;
    printProblems(
      io,
      `${code}: ${message}${applied.changes.length === 0 ? " Nothing was written." : " The changes above were written; fix the file and run again."}`,
      problems.map((problem) => ({
        path: problem.index === null ? problem.field : `${problem.index}.${problem.field}`,
        message: problem.message,
      })),
    );
    return ExitCode.INVALID;
  } finally {
    await opened.close();
  }
}

/** A JSON file, size checked before it is read. */
export async function readJsonFile(io: CliIo, path: string): Promise<unknown> {
  const size = await statInputFile(io, path);
  if (size > MAX_ORGANIZATION_FILE_BYTES)
    throw new UsageError(
      `${path} is ${size} bytes, over the ${MAX_ORGANIZATION_FILE_BYTES} this command reads`,
      { usage: false },
    );
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(await io.readFile(path)));
  } catch (error) {
    throw new UsageError(`cannot read ${path} as JSON: ${describe(error)}`, { usage: false });
  }
}

function printProblems(io: CliIo, heading: string, problems: readonly FileProblem[]): void {
  io.stderr(`rpdi: org apply: ${heading}\n`);
  for (const problem of problems)
    io.stderr(`  ${problem.path || "(record)"}: ${problem.message}\n`);
}
