/** How a file's header row lines up with a catalogue of known column names. */
export interface HeaderMatch<Name extends string> {
  /** Position of each recognized column in the file; absent columns are not in the map. */
  positions: Map<Name, number>;
  /** Header cells (trimmed, as written) that name no known column, in file order. */
  unexpected: string[];
  /** Known columns named more than once, in file order. */
  repeated: Name[];
}

/**
 * Matches header cells to known column names, case-insensitively and in any order, after
 * trimming. Lookups go through a Map so a header such as `__proto__` is just an unknown name.
 */
export function matchHeaders<Name extends string>(
  header: readonly string[],
  known: readonly Name[],
): HeaderMatch<Name> {
  const byKey = new Map<string, Name>();
  for (const name of known) byKey.set(headerKey(name), name);
  const positions = new Map<Name, number>();
  const unexpected: string[] = [];
  const repeated: Name[] = [];
  header.forEach((cell, index) => {
    const name = byKey.get(headerKey(cell));
    if (name === undefined) unexpected.push(cell.trim());
    else if (positions.has(name)) repeated.push(name);
    else positions.set(name, index);
  });
  return { positions, unexpected, repeated };
}

/** A header cell as the rules compare it: trimmed, case aside. */
export function headerKey(cell: string): string {
  return cell.trim().toLowerCase();
}
