// The public API report: every name each entry of the package exports, with its kind, read from
// the TypeScript sources (no build needed) and written to api/exports.txt. The declaring files are
// left out on purpose: files move, the names and kinds are the contract.
//
//   node scripts/api-report.mjs          write api/exports.txt (accept an intended change)
//   node scripts/api-report.mjs --check  exit 1 with a diff when api/exports.txt differs
//                                        (`npm run api:check`; test/source/public-api.test.ts)
//
// The entries come from package.json `exports` (each subpath and condition names a dist file) and
// tsup.config.ts (which source file builds that dist file), so a new subpath or a moved entry file
// needs no change here.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const REPORT_PATH = join(ROOT, "api", "exports.txt");
const ACCEPT = "node scripts/api-report.mjs";

/** A name or module the program could not resolve: the fast program retries with the full one. */
class Unresolved extends Error {}

/** Kinds in the order a line names them when one name has several declarations (`const + type X`). */
const KIND_ORDER = [
  "function",
  "class",
  "const enum",
  "enum",
  "const",
  "let",
  "var",
  "namespace",
  "interface",
  "type",
];

/**
 * The dist entry names tsup.config.ts builds, each with its source file: every `entry: { name:
 * "path" }` object literal of the file, read with the parser rather than run.
 */
function tsupEntries() {
  const file = join(ROOT, "tsup.config.ts");
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const entries = new Map();
  const visit = (node) => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === "entry" &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isStringLiteral(property.initializer))
          continue;
        if (!ts.isIdentifier(property.name) && !ts.isStringLiteral(property.name)) continue;
        const key = property.name.text;
        const path = property.initializer.text;
        const known = entries.get(key);
        if (known !== undefined && known !== path)
          throw new Error(`tsup.config.ts builds dist/${key} from both ${known} and ${path}`);
        entries.set(key, path);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return entries;
}

/** Every dist file a package.json `exports` target names, with the conditions leading to it. */
function distTargets(target, conditions, found) {
  if (typeof target === "string") {
    if (conditions.includes("types")) return;
    const match = /^\.\/dist\/(.+)\.(?:js|cjs|mjs)$/.exec(target);
    if (match === null) return;
    const known = found.get(match[1]);
    if (known === undefined) found.set(match[1], [conditions[0] ?? "default"]);
    else if (!known.includes(conditions[0] ?? "default")) known.push(conditions[0] ?? "default");
    return;
  }
  if (target === null || typeof target !== "object") return;
  for (const [condition, inner] of Object.entries(target))
    distTargets(inner, [...conditions, condition], found);
}

/**
 * The entries of the report: one per subpath of package.json `exports`, and one more per dist file
 * a condition of that subpath picks instead (the browser build of `rpdi`), labelled by condition.
 */
export function entryPoints() {
  const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const sources = tsupEntries();
  const entries = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const found = new Map();
    distTargets(target, [], found);
    if (found.size === 0) continue; // ./package.json
    const specifier = subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
    // The dist file of `import` (or `default`) is the subpath itself; any other is a variant.
    const main =
      [...found].find(([, conditions]) => conditions.includes("import"))?.[0] ??
      [...found].find(([, conditions]) => conditions.includes("default"))?.[0] ??
      [...found.keys()][0];
    // The subpath's own section first, then its variants.
    const ordered = [...found].sort(([a], [b]) => (a === main ? -1 : b === main ? 1 : 0));
    for (const [dist, conditions] of ordered) {
      const source = sources.get(dist);
      if (source === undefined)
        throw new Error(
          `package.json exports "${subpath}" names dist/${dist}, which no entry of tsup.config.ts builds`,
        );
      if (!existsSync(join(ROOT, source)))
        throw new Error(`tsup.config.ts builds dist/${dist} from ${source}, which does not exist`);
      const label = dist === main ? specifier : `${specifier} (${conditions.join(", ")})`;
      entries.push({ label, source: join(ROOT, source) });
    }
  }
  return entries;
}

/** The compiler options of tsconfig.json, and the declaration files it includes (`*.csv`, `*.sql`). */
function projectConfig() {
  const file = join(ROOT, "tsconfig.json");
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, file);
  if (parsed.errors.length > 0)
    throw new Error(
      parsed.errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, "\n")).join("\n"),
    );
  const declarations = parsed.fileNames.filter((name) => /\.d\.[cm]?ts$/.test(name));
  return { options: { ...parsed.options, noEmit: true }, declarations };
}

/** Whether an export reaches its symbol through `export type` / `import type` somewhere. */
function reachedAsTypeOnly(checker, symbol) {
  let current = symbol;
  for (let step = 0; step < 100 && current.flags & ts.SymbolFlags.Alias; step++) {
    if (current.declarations?.some((d) => ts.isPartOfTypeOnlyImportOrExportDeclaration(d)))
      return true;
    const next = checker.getImmediateAliasedSymbol(current);
    if (next === undefined) break;
    current = next;
  }
  return false;
}

/** The kinds of a resolved symbol: one for each of its declaration spaces. */
function kindsOf(symbol, name, label) {
  const F = ts.SymbolFlags;
  const kinds = new Set();
  if (symbol.flags & F.Function) kinds.add("function");
  if (symbol.flags & F.Class) kinds.add("class");
  if (symbol.flags & F.ConstEnum) kinds.add("const enum");
  if (symbol.flags & F.RegularEnum) kinds.add("enum");
  if (symbol.flags & F.Variable) {
    for (const declaration of symbol.declarations ?? []) {
      if (!ts.isVariableDeclaration(declaration)) continue;
      const flags = ts.getCombinedNodeFlags(declaration);
      kinds.add(flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : "var");
    }
  }
  if (symbol.flags & (F.ValueModule | F.NamespaceModule)) {
    // A JSON file re-exported whole is a value, not a namespace one can write `X.y` types from.
    const json = symbol.declarations?.some(
      (d) => ts.isSourceFile(d) && d.fileName.endsWith(".json"),
    );
    kinds.add(json ? "const" : "namespace");
  }
  if (symbol.flags & F.Interface) kinds.add("interface");
  if (symbol.flags & F.TypeAlias) kinds.add("type");
  if (kinds.size === 0)
    throw new Error(
      `${label}: export ${name} is a symbol the report has no kind for (flags ${symbol.flags}: ${ts.SymbolFlags[symbol.flags] ?? "combined"})`,
    );
  return KIND_ORDER.filter((kind) => kinds.has(kind));
}

/**
 * Fails on a re-export whose module does not resolve: `export * from "./moved"` would otherwise
 * drop its names without a word. Follows the re-exports from the entry file.
 */
function checkReExports(program, checker, entry, label) {
  const seen = new Set();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file.fileName)) continue;
    seen.add(file.fileName);
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier === undefined) continue;
      const target = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const declaration = target?.declarations?.find(ts.isSourceFile);
      if (declaration === undefined)
        throw new Unresolved(
          `${label}: ${relative(ROOT, file.fileName)} re-exports from ${statement.moduleSpecifier.getText(file)}, which does not resolve`,
        );
      const next = program.getSourceFile(declaration.fileName);
      if (next !== undefined && !next.isDeclarationFile) pending.push(next);
    }
  }
}

/**
 * The program the report reads. The names and kinds of the exports depend only on the project's
 * own files, so by default it leaves out what takes most of the time to parse and bind: the
 * standard library, @types/node and the packages' declarations (an import of a package resolves
 * to nothing). `full` is the project exactly as tsconfig.json compiles it.
 */
function createProgram(rootNames, options, full) {
  if (full) return ts.createProgram({ rootNames, options });
  const projectOnly = { ...options, noLib: true, types: [] };
  const host = ts.createCompilerHost(projectOnly, true);
  const cache = ts.createModuleResolutionCache(ROOT, host.getCanonicalFileName, projectOnly);
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compiler, file) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(file, literal, compiler);
      const found = ts.resolveModuleName(
        literal.text,
        containingFile,
        compiler,
        host,
        cache,
        redirected,
        mode,
      );
      return found.resolvedModule?.isExternalLibraryImport ? { resolvedModule: undefined } : found;
    });
  return ts.createProgram({ rootNames, options: projectOnly, host });
}

/**
 * Each entry's exports, `{ label, exports: [{ name, kinds, typeOnly }] }`, from one program for
 * all entries: the project's own files first, the full project when a name or re-export does not
 * resolve there (a package's export re-exported), failing when it does not resolve there either.
 */
export function collectExports() {
  const entries = entryPoints();
  const { options, declarations } = projectConfig();
  const roots = [...entries.map((e) => e.source), ...declarations];
  try {
    return exportsOf(createProgram(roots, options, false), entries);
  } catch (error) {
    if (!(error instanceof Unresolved)) throw error;
    return exportsOf(createProgram(roots, options, true), entries);
  }
}

function exportsOf(program, entries) {
  const checker = program.getTypeChecker();
  return entries.map(({ label, source }) => {
    const file = program.getSourceFile(source);
    if (file === undefined)
      throw new Error(`${label}: ${relative(ROOT, source)} is not in the program`);
    checkReExports(program, checker, file, label);
    const module = checker.getSymbolAtLocation(file);
    const symbols = module === undefined ? [] : checker.getExportsOfModule(module);
    const exports = symbols.map((symbol) => {
      const name = symbol.name;
      const isAlias = (symbol.flags & ts.SymbolFlags.Alias) !== 0;
      const target = isAlias ? checker.getAliasedSymbol(symbol) : symbol;
      if (!target.declarations?.length)
        throw new Unresolved(`${label}: export ${name} does not resolve to a declaration`);
      const typeOnly = isAlias && reachedAsTypeOnly(checker, symbol);
      return { name, kinds: kindsOf(target, name, label), typeOnly };
    });
    return { label, exports: exports.sort((a, b) => compareNames(a.name, b.name)) };
  });
}

/** Case-insensitive first so `MatterRow` sits by `matterCsv`, then by code unit: no locale. */
function compareNames(a, b) {
  const lower = a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  return lower !== 0 ? lower : a < b ? -1 : a > b ? 1 : 0;
}

/** A type-only re-export of a value: usable in types (and `typeof`), not imported as a value. */
function line({ name, kinds, typeOnly }) {
  const isValue = kinds.some((kind) => kind !== "interface" && kind !== "type");
  return `${kinds.join(" + ")} ${name}${typeOnly && isValue ? " (type-only export)" : ""}`;
}

/** The text of api/exports.txt. */
export function renderReport(entries = collectExports()) {
  const out = [
    "# The public API of rpdi: every name each entry exports, with its kind.",
    `# Generated by \`${ACCEPT}\`; \`npm run api:check\` and \`npm test\` fail when it differs.`,
  ];
  for (const { label, exports } of entries) {
    out.push("", `## ${label} (${exports.length} exports)`, "");
    for (const entry of exports) out.push(line(entry));
  }
  return `${out.join("\n")}\n`;
}

/** Sections of a report: heading without the count, to the set of its lines. */
function sections(text) {
  const result = new Map();
  let current;
  for (const raw of text.split(/\r?\n/)) {
    const text = raw.trim();
    if (text === "" || text.startsWith("# ")) continue;
    if (text.startsWith("## ")) {
      current = text.slice(3).replace(/ \(\d+ exports?\)$/, "");
      result.set(current, new Set());
    } else if (current !== undefined) result.get(current).add(text);
  }
  return result;
}

/**
 * The differences between the committed report and the one the sources give, as readable lines
 * (`- kind name` removed, `+ kind name` added, under each entry); empty when they are the same.
 */
export function diffReports(committed, current) {
  if (committed === current) return [];
  const before = sections(committed);
  const after = sections(current);
  const lines = [];
  for (const label of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(label);
    const now = after.get(label);
    if (old === undefined) {
      lines.push(`${label}: a new entry with ${now.size} exports`);
      continue;
    }
    if (now === undefined) {
      lines.push(`${label}: the entry is gone (it had ${old.size} exports)`);
      continue;
    }
    const byName = (a, b) => compareNames(a.split(" ").at(-1), b.split(" ").at(-1));
    const changes = [
      ...[...old].filter((l) => !now.has(l)).map((l) => ({ l, sign: "-" })),
      ...[...now].filter((l) => !old.has(l)).map((l) => ({ l, sign: "+" })),
    ].sort((a, b) => byName(a.l, b.l) || (a.sign === "-" ? -1 : 1));
    if (changes.length === 0) continue;
    lines.push(`${label}:`);
    for (const { l, sign } of changes) lines.push(`  ${sign} ${l}`);
  }
  // Same lines, other text (a hand edit, a reordering): still a difference to regenerate.
  if (lines.length === 0) lines.push("the same exports, written differently (order or spacing)");
  return lines;
}

/** The committed report against the sources: `{ ok, diff, report }`. */
export function checkReport() {
  const report = renderReport();
  const committed = existsSync(REPORT_PATH) ? readFileSync(REPORT_PATH, "utf8") : "";
  const diff = diffReports(committed, report);
  return { ok: diff.length === 0, diff, report };
}

function main() {
  const started = performance.now();
  const check = process.argv.includes("--check");
  const where = relative(ROOT, REPORT_PATH);
  if (check) {
    const { ok, diff } = checkReport();
    const took = `${Math.round(performance.now() - started)} ms`;
    if (ok) {
      console.log(`${where} matches the public API of the sources (${took})`);
      return;
    }
    console.error(`The public API differs from ${where} (- removed, + added):\n`);
    console.error(diff.join("\n"));
    console.error(
      `\nIf the change is intended, run \`${ACCEPT}\` and commit ${where}; otherwise restore the export.`,
    );
    process.exitCode = 1;
    return;
  }
  const entries = collectExports();
  mkdirSync(dirname(REPORT_PATH), { recursive: true });
  writeFileSync(REPORT_PATH, renderReport(entries));
  const counts = entries.map((e) => `${e.label} ${e.exports.length}`).join(", ");
  console.log(`wrote ${where}: ${counts} (${Math.round(performance.now() - started)} ms)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
