import {
  type ColumnMappingKind,
  type ColumnMappingPair,
  type ColumnOfKind,
  MAX_MAPPING_PAIRS,
  MAX_MAPPING_SOURCE_LENGTH,
} from "../domain/column-mappings";
import { MATTER_HEADERS, MEMBER_HEADERS } from "../domain/headers";
import { supports } from "../store/capabilities";
import type { Store, StoreTx } from "../store/port";
import { runReadOnly, runTransaction } from "../store/run";
import { isStorableText } from "../values/storable-text";
import { type ColumnMappingInput, mappingEntries } from "./remap";

/** What {@link saveColumnMapping} is given. */
export interface SaveColumnMappingInput<Kind extends ColumnMappingKind> {
  orgId: string;
  kind: Kind;
  /** Header cell → spec column; replaces the organization's saved mapping of this kind outright. */
  mapping: ColumnMappingInput;
}

/** Why a mapping cannot be saved; `message` says it to a person. */
export interface ColumnMappingError {
  code:
    | "UNKNOWN_TARGET"
    | "DUPLICATE_SOURCE"
    | "DUPLICATE_TARGET"
    | "INVALID_SOURCE"
    | "TOO_MANY_PAIRS";
  message: string;
}

/** What {@link saveColumnMapping} answers: the pairs as saved, or why nothing was saved. */
export type SaveColumnMappingResult<Column extends string> =
  | { ok: true; pairs: ColumnMappingPair<Column>[] }
  | { ok: false; error: ColumnMappingError };

const COLUMNS: { [Kind in ColumnMappingKind]: readonly ColumnOfKind[Kind][] } = {
  members: MEMBER_HEADERS,
  matters: MATTER_HEADERS,
};

/**
 * Saves an organization's header mapping for member or matter files, replacing the one saved
 * before (an empty mapping clears it), in one transaction. Targets may be written in any case;
 * the spec's spelling is saved. Nothing is saved when any pair is wrong.
 */
export async function saveColumnMapping<Kind extends ColumnMappingKind>(
  store: Store,
  input: SaveColumnMappingInput<Kind>,
): Promise<SaveColumnMappingResult<ColumnOfKind[Kind]>> {
  const checked = checkPairs(input.kind, input.mapping);
  if (!checked.ok) return checked;
  return runTransaction(store, input.orgId, async (tx) => {
    await tx.loadOrganization();
    await requireOperation(tx, "replaceColumnMapping")(input.kind, checked.pairs);
    return checked;
  });
}

/**
 * The organization's saved header mapping for member or matter files, as a map ready for
 * `remapMemberCsv` / `remapMatterCsv`; empty when none is saved or the store keeps none. One
 * read-only transaction.
 */
export async function loadColumnMapping<Kind extends ColumnMappingKind>(
  store: Store,
  input: { orgId: string; kind: Kind },
): Promise<Map<string, ColumnOfKind[Kind]>> {
  return runReadOnly(store, input.orgId, async (tx) => {
    await tx.loadOrganization();
    const pairs = supports(tx, "loadColumnMapping") ? await tx.loadColumnMapping(input.kind) : [];
    return new Map(pairs.map((pair) => [pair.source, pair.target as ColumnOfKind[Kind]]));
  });
}

function checkPairs<Kind extends ColumnMappingKind>(
  kind: Kind,
  mapping: ColumnMappingInput,
): SaveColumnMappingResult<ColumnOfKind[Kind]> {
  const columns = COLUMNS[kind] as readonly ColumnOfKind[Kind][];
  const canonical = new Map(columns.map((column) => [column.toLowerCase(), column]));
  const entries = mappingEntries(mapping);
  if (entries.length > MAX_MAPPING_PAIRS)
    return refuse("TOO_MANY_PAIRS", `A mapping holds at most ${MAX_MAPPING_PAIRS} columns.`);
  const pairs: ColumnMappingPair<ColumnOfKind[Kind]>[] = [];
  const sources = new Set<string>();
  const targets = new Set<string>();
  for (const [rawSource, rawTarget] of entries) {
    const source = String(rawSource).trim();
    if (source === "" || source.length > MAX_MAPPING_SOURCE_LENGTH || !isStorableText(source))
      return refuse(
        "INVALID_SOURCE",
        `A mapped header must be 1 to ${MAX_MAPPING_SOURCE_LENGTH} characters of text.`,
      );
    const target = canonical.get(String(rawTarget).trim().toLowerCase());
    if (target === undefined)
      return refuse(
        "UNKNOWN_TARGET",
        `"${String(rawTarget)}" is not a column of ${kind} files (${columns.join(", ")}).`,
      );
    if (sources.has(source.toLowerCase()))
      return refuse("DUPLICATE_SOURCE", `"${source}" is mapped more than once.`);
    if (targets.has(target))
      return refuse("DUPLICATE_TARGET", `Two headers are mapped to "${target}".`);
    sources.add(source.toLowerCase());
    targets.add(target);
    pairs.push({ source, target });
  }
  return { ok: true, pairs };
}

function requireOperation(tx: StoreTx, name: "replaceColumnMapping") {
  const operation = tx[name];
  if (operation === undefined)
    throw new Error("This store does not keep column mappings (StoreTx.replaceColumnMapping).");
  return operation.bind(tx);
}

function refuse(
  code: ColumnMappingError["code"],
  message: string,
): { ok: false; error: ColumnMappingError } {
  return { ok: false, error: { code, message } };
}
