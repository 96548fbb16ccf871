import { stringify as csvStringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringify } from "../../src/importer/stringify";

const OPTIONS = {
  escape_formulas: false,
  bom: false,
  record_delimiter: "\r\n",
  quoted_match: /[\r\n]/,
} as const;

const cell = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", " ", ",", '"', "\r", "\n", "=", "é", "'", "\t", "1") }),
  fc.string(),
  fc.constant(""),
);

describe("the importer's CSV writer", () => {
  it("writes any records exactly as csv-stringify does with writeCsv's options", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 6 }),
        fc.boolean(),
        (records, bom) => {
          expect(stringify(records, { ...OPTIONS, bom })).toBe(
            csvStringify(records, { ...OPTIONS, bom }),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
