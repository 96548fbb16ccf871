import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MEMBER_COLUMNS } from "../../src/members/columns";
import { generateExampleMemberCsv } from "../../src/members/example-csv";
import { memberValidationResultSchema } from "../../src/members/result";
import { readMemberSheet } from "../../src/members/sheet";
import { validateMemberCsv, validateMemberSheet } from "../../src/members/validate";
import {
  corruptMemberCell,
  type GeneratedMemberFile,
  memberFileCsv,
  organizationArbitrary,
  productArbitrary,
  validMemberFileArbitrary,
} from "../../src/testing/member-arbitraries";
import { csvLike } from "../support/csv-like";
import { FIXTURE_NOW } from "../support/fixtures";

function validate(file: GeneratedMemberFile, csv = memberFileCsv(file)) {
  return validateMemberCsv(csv, {
    product: file.product,
    organization: file.organization,
    members: file.members,
    now: FIXTURE_NOW,
  });
}

const anyOrganization = organizationArbitrary;

const csvish = csvLike(
  [
    "First Name",
    "Last Name",
    "Email",
    "Office City",
    "Mentor Emails",
    "__proto__",
    '"',
    ",",
    "\r\n",
    "\n",
    ";",
    "a@b.co",
    "",
  ],
  { maxCellLength: 12, maxCells: 8, maxRows: 8, lineEnd: "\n" },
);

/** Bytes and text shaped like member files, broken in every way. */
const fileLike = fc.oneof(
  fc.uint8Array({ maxLength: 256 }),
  csvish,
  csvish.map((text) => new TextEncoder().encode(text)),
);

describe("member validation properties", () => {
  it("no bytes make validateMemberCsv throw, and every failure is a well-formed 400 body", () => {
    fc.assert(
      fc.property(fileLike, anyOrganization, productArbitrary, (bytes, organization, product) => {
        const verdict = validateMemberCsv(bytes, {
          product,
          organization,
          members: [],
          now: FIXTURE_NOW,
        });
        if (!verdict.ok) memberValidationResultSchema.parse(verdict.result);
      }),
      { numRuns: 400 },
    );
  });

  it("validating while parsing gives the verdict of reading the whole sheet first", () => {
    const input = fc.oneof(
      fileLike,
      validMemberFileArbitrary({ referenceRows: true }).map((file) => ({ file })),
      validMemberFileArbitrary().chain((file) =>
        fc
          .record({
            row: fc.integer({ min: 0, max: file.rows.length - 1 }),
            field: fc.constantFrom(...file.fields),
          })
          .map(({ row, field }) => {
            const bad = corruptMemberCell(file, row, field) ?? "";
            const rows = file.rows.map((cells, index) =>
              index === row ? { ...cells, [field]: bad } : cells,
            );
            return { file: { ...file, rows } };
          }),
      ),
    );
    fc.assert(
      fc.property(input, anyOrganization, productArbitrary, (case_, organization, product) => {
        const generated = typeof case_ === "object" && "file" in case_ ? case_.file : null;
        const context =
          generated !== null
            ? { ...generated, now: FIXTURE_NOW }
            : { organization, product, members: [], now: FIXTURE_NOW };
        const csv = generated !== null ? memberFileCsv(generated) : (case_ as string | Uint8Array);
        const sheet = readMemberSheet(csv);
        const whole = sheet.ok ? validateMemberSheet(sheet.sheet, context) : sheet;
        expect(validateMemberCsv(csv, context)).toEqual(whole);
      }),
      { numRuns: 150 },
    );
  });

  it("a generated valid file has no errors and yields one row per data row", () => {
    fc.assert(
      fc.property(validMemberFileArbitrary({ referenceRows: true }), (file) => {
        const verdict = validate(file);
        expect(verdict.ok ? [] : verdict.result).toEqual([]);
        if (verdict.ok)
          expect(verdict.rows.map((row) => row.rowNumber)).toEqual(
            file.rows.map((_, index) => index + 1),
          );
      }),
      { numRuns: 100 },
    );
  });

  it("one corrupted cell in a valid file yields an error on exactly that row and column", () => {
    const scenario = validMemberFileArbitrary().chain((file) =>
      fc.record({
        file: fc.constant(file),
        row: fc.integer({ min: 0, max: file.rows.length - 1 }),
        field: fc.constantFrom(...file.fields),
      }),
    );
    fc.assert(
      fc.property(scenario, ({ file, row, field }) => {
        const bad = corruptMemberCell(file, row, field);
        fc.pre(bad !== undefined);
        const rows = file.rows.map((cells, index) =>
          index === row ? { ...cells, [field]: bad as string } : cells,
        );
        const verdict = validate({ ...file, rows });
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        expect(
          verdict.result.rowColumnErrors.map((error) => [error.rowNumber, error.columnName]),
        ).toEqual([[row + 1, MEMBER_COLUMNS[field].header]]);
      }),
      { numRuns: 150 },
    );
  });

  it("DUPLICATE_VALUE appears on every involved row whatever the row order", () => {
    const scenario = validMemberFileArbitrary({ withoutReferences: true })
      .filter((file) => file.rows.length >= 2)
      .chain((file) =>
        fc.record({
          file: fc.constant(file),
          copies: fc.uniqueArray(fc.integer({ min: 0, max: file.rows.length - 1 }), {
            minLength: 2,
            maxLength: file.rows.length,
          }),
          upper: fc.boolean(),
          permutation: fc.shuffledSubarray(
            file.rows.map((_, index) => index),
            { minLength: file.rows.length, maxLength: file.rows.length },
          ),
        }),
      );
    fc.assert(
      fc.property(scenario, ({ file, copies, upper, permutation }) => {
        const [source, ...targets] = copies as [number, ...number[]];
        const email = file.rows[source]?.email as string;
        const duplicated = file.rows.map((cells, index) =>
          targets.includes(index)
            ? { ...cells, email: upper ? email.toUpperCase() : email.toLowerCase() }
            : cells,
        );
        const shuffled = permutation.map((index) => duplicated[index] as Record<string, string>);
        const involved = permutation
          .map((original, position) => (copies.includes(original) ? position + 1 : 0))
          .filter((rowNumber) => rowNumber > 0);
        const verdict = validate({ ...file, rows: shuffled });
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        const duplicates = verdict.result.rowColumnErrors.filter(
          (error) => error.type === "DUPLICATE_VALUE",
        );
        expect(duplicates.map((error) => error.rowNumber)).toEqual(involved);
        expect(verdict.result.rowColumnErrors).toHaveLength(duplicates.length);
        for (const error of duplicates) {
          expect(error.columnName).toBe("Email");
          for (const rowNumber of involved) expect(error.message).toContain(String(rowNumber));
        }
      }),
      { numRuns: 100 },
    );
  });

  it("a generated example CSV validates for its organization, with the requested number of rows", () => {
    fc.assert(
      fc.property(
        anyOrganization,
        productArbitrary,
        fc.integer({ min: 0, max: 25 }),
        (organization, product, numRows) => {
          const csv = generateExampleMemberCsv(organization, product, numRows);
          const verdict = validateMemberCsv(csv, {
            product,
            organization,
            members: [],
            now: FIXTURE_NOW,
          });
          expect(verdict.ok ? [] : verdict.result).toEqual([]);
          if (verdict.ok) expect(verdict.rows).toHaveLength(numRows);
        },
      ),
      { numRuns: 100 },
    );
  });
});
