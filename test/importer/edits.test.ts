import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CSV_BYTES } from "../../src/csv/read";
import { columnIndex, readRecords, setCell, writeRecords } from "../../src/importer/edits";
import { MAX_FILE_BYTES } from "../../src/importer/file-limit";

const cell = fc.string({ unit: fc.constantFrom("a", "b", " ", ",", '"', "\r", "\n", "é", "=") });
const records = fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), {
  minLength: 1,
  maxLength: 8,
});

describe("editing a file's cells", () => {
  it("property: written records read back as the same records, with the byte order mark kept", () => {
    fc.assert(
      fc.property(records, fc.boolean(), (rows, bom) => {
        const read = readRecords(writeRecords({ records: rows.map((row) => [...row]), bom }));
        expect(read).toEqual({ records: rows, bom });
      }),
    );
  });

  it("property: setting a cell changes that cell alone", () => {
    fc.assert(
      fc.property(records, fc.nat(), fc.nat(), cell, (rows, rowSeed, columnSeed, value) => {
        fc.pre(rows.length > 1);
        const header = ["Email", "First Name", "Last Name", "Level", "Department"].slice(
          0,
          (rows[0] as string[]).length,
        );
        const file = { records: [header, ...rows.slice(1).map((row) => [...row])], bom: false };
        const rowNumber = 1 + (rowSeed % (file.records.length - 1));
        const column = header[columnSeed % header.length] as string;
        const before = structuredClone(file.records);
        expect(setCell(file, rowNumber, column, value)).toBe(true);
        const index = columnIndex(header, column);
        const expected = before.map((row, at) => {
          if (at !== rowNumber) return row;
          const copy = [...row];
          while (copy.length <= index) copy.push("");
          copy[index] = value;
          return copy;
        });
        expect(file.records).toEqual(expected);
      }),
    );
  });

  it("refuses a cell the header lacks, the header row itself and a row past the end", () => {
    const file = {
      records: [
        ["Email", "Level"],
        ["a@b.example", "Intern"],
      ],
      bom: false,
    };
    expect(setCell(file, 1, "Office City", "x")).toBe(false);
    expect(setCell(file, 0, "Email", "x")).toBe(false);
    expect(setCell(file, 2, "Email", "x")).toBe(false);
    expect(setCell(file, 1, " level ", "Partner")).toBe(true);
    expect(file.records[1]).toEqual(["a@b.example", "Partner"]);
  });

  it("answers null for a file csv-parse refuses", () => {
    expect(readRecords(new TextEncoder().encode('a,b\n"unterminated,1\n'))).toBeNull();
  });

  it("refuses files over the interface's own limit", () => {
    expect(MAX_FILE_BYTES).toBe(MAX_CSV_BYTES);
  });
});
