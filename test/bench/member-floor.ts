import { parseCsvRecords } from "../../src/csv/parse";

/**
 * The least any member validation on csv-parse must do: parse (records handed over one by one),
 * check the bytes are UTF-8, trim and keep every cell, and put each Email in a set for the
 * duplicate rule. Every other rule comes on top of this.
 */
export function memberValidationFloor(bytes: Uint8Array): number {
  new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  const emails = new Set<string>();
  const kept: string[][] = [];
  parseCsvRecords(bytes, (record) => {
    const cells = record.map((cell) => cell.trim());
    kept.push(cells);
    emails.add((cells[3] ?? "").toLowerCase());
  });
  return kept.length + emails.size;
}
