import { csvSizeError } from "../csv/read";
import {
  type RemapResult,
  readCsvHeaderCells,
  remapMatterCsv,
  remapMemberCsv,
} from "../mapping/remap";
import {
  AUTO_ACCEPT_CONFIDENCE,
  acceptedColumnMapping,
  type ColumnSuggestions,
  suggestMatterColumns,
  suggestMemberColumns,
} from "../mapping/suggest";
import { type CliIo, UsageError } from "./io";
import { readInputFile, statInputFile } from "./snapshot-file";

/** `--map` and `--auto-map` of `rpdi validate members|matters`. */
export interface HeaderMapOptions {
  /** `--map 'E-mail Address=Email'`, repeatable: header cell = spec column. */
  map: readonly string[];
  /** `--auto-map`: apply the suggestions at or above the auto-accept confidence. */
  autoMap: boolean;
}

/**
 * The CLI's io with the file's header rewritten by the mapping, so the validator reads the file
 * as if exported with the spec's headers; the mapping used goes to stderr (stdout stays the
 * body). Without `--map` or `--auto-map`, `io` itself. A file too large or unreadable is left for
 * the validator to answer as it always does.
 */
export async function headerMappedIo(
  io: CliIo,
  file: string,
  kind: "members" | "matters",
  options: HeaderMapOptions,
): Promise<CliIo> {
  if (options.map.length === 0 && !options.autoMap) return io;
  const explicit = new Map<string, string>();
  for (const entry of options.map) {
    const [source, target] = splitEntry(entry);
    explicit.set(source, target);
  }
  if (csvSizeError(await statInputFile(io, file)) !== null) return io;
  const bytes = await readInputFile(io, file);
  const header = readCsvHeaderCells(bytes);
  if (!header.ok) return io;
  const mapping = new Map<string, string>();
  let suggestions: ColumnSuggestions<string> | null = null;
  if (options.autoMap) {
    suggestions =
      kind === "members" ? suggestMemberColumns(header.cells) : suggestMatterColumns(header.cells);
    const sources = new Set([...explicit.keys()].map((source) => source.toLowerCase()));
    const targets = new Set([...explicit.values()].map((target) => target.toLowerCase()));
    for (const [source, target] of acceptedColumnMapping(suggestions))
      if (!sources.has(source.toLowerCase()) && !targets.has(target.toLowerCase()))
        mapping.set(source, target);
  }
  for (const [source, target] of explicit) mapping.set(source, target);
  const remapped: RemapResult<Uint8Array> =
    kind === "members" ? remapMemberCsv(bytes, mapping) : remapMatterCsv(bytes, mapping);
  if (!remapped.ok) throw new UsageError(`${file}: ${remapped.error.message}`, { usage: false });
  io.stderr(describeMapping(mapping, suggestions));
  const remappedBytes = remapped.file;
  return {
    ...io,
    readFile: async (path) => (path === file ? remappedBytes : io.readFile(path)),
    fileSize: async (path) => (path === file ? remappedBytes.byteLength : io.fileSize(path)),
  };
}

/** `Header=Column`, split at the last `=` (a column's name has none; a header may). */
function splitEntry(entry: string): [string, string] {
  const at = entry.lastIndexOf("=");
  const source = entry.slice(0, Math.max(at, 0)).trim();
  const target = entry.slice(at + 1).trim();
  if (at === -1 || source === "" || target === "")
    throw new UsageError(
      `--map "${entry}" is not <header>=<column> (--map 'E-mail Address=Email')`,
    );
  return [source, target];
}

function describeMapping(
  mapping: ReadonlyMap<string, string>,
  suggestions: ColumnSuggestions<string> | null,
): string {
  const used =
    mapping.size === 0
      ? "none"
      : [...mapping].map(([source, target]) => `"${source}" → ${target}`).join(", ");
  const lines = [`rpdi: header mapping used: ${used}`];
  if (suggestions !== null) {
    const mapped = new Set([...mapping.keys()].map((source) => source.toLowerCase()));
    const unsure = suggestions.cells.filter(
      (cell) =>
        cell.column !== null &&
        cell.confidence < AUTO_ACCEPT_CONFIDENCE &&
        !mapped.has(cell.cell.trim().toLowerCase()),
    );
    if (unsure.length > 0)
      lines.push(
        `rpdi: not mapped, below ${percent(AUTO_ACCEPT_CONFIDENCE)} (add --map to use): ${unsure
          .map(
            (cell) => `"${cell.cell.trim()}" (maybe ${cell.column}, ${percent(cell.confidence)})`,
          )
          .join(", ")}`,
      );
  }
  return `${lines.join("\n")}\n`;
}

function percent(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}
