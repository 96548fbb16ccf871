import { parseCsvRecords } from "../../src/csv/parse";

/**
 * The least any validation on csv-parse must do: parse (records handed over one by one), check
 * the bytes are UTF-8, trim and keep every cell, and put each row's key (the member's Email, the
 * matter's client matter) in a set for the duplicate or grouping rule. Every other rule comes on
 * top of this.
 */
export function validationFloor(bytes: Uint8Array, keyOf: (cells: string[]) => string): number {
  new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const keys = new Set<string>();
  const kept: string[][] = [];
  parseCsvRecords(bytes, (record) => {
    const cells = record.map((cell) => cell.trim());
    kept.push(cells);
    keys.add(keyOf(cells));
  });
  return kept.length + keys.size;
}
