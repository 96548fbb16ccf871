import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateMemberCsv } from "../../src/members/validate";
import { validateMemberCsvAsync } from "../../src/members/validate-async";
import {
  corruptMemberCell,
  memberFileCsv,
  organizationArbitrary,
  productArbitrary,
  validMemberFileArbitrary,
} from "../../src/testing/member-arbitraries";
import { generateMemberBenchInput, MEMBER_BENCH_NOW } from "../bench/member-file";
import { csvLike } from "../support/csv-like";
import { FIXTURE_NOW } from "../support/fixtures";
import { turnsDuring, withClockOfReads } from "../support/turns";

/** Valid generated files, the same with one cell broken, and CSV-shaped text of any kind. */
const memberCase = fc.oneof(
  validMemberFileArbitrary({ referenceRows: true }).map((file) => ({
    csv: memberFileCsv(file) as string | Uint8Array,
    context: { ...file, now: FIXTURE_NOW },
  })),
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
        return { csv: memberFileCsv({ ...file, rows }), context: { ...file, now: FIXTURE_NOW } };
      }),
  ),
  fc
    .record({
      csv: fc.oneof(
        fc.uint8Array({ maxLength: 256 }),
        csvLike(["First Name", "Last Name", "Email", '"', ",", "\n", "a@b.co", ""], {
          maxCellLength: 12,
          maxCells: 8,
          maxRows: 8,
          lineEnd: "\n",
        }),
      ),
      organization: organizationArbitrary,
      product: productArbitrary,
    })
    .map(({ csv, organization, product }) => ({
      csv,
      context: { organization, product, members: [], now: FIXTURE_NOW },
    })),
);

describe("validateMemberCsvAsync", () => {
  it("answers exactly what validateMemberCsv answers, paced at every step, by default or unpaced", async () => {
    await fc.assert(
      fc.asyncProperty(
        memberCase,
        fc.constantFrom("every step", "default", "none"),
        async (c, how) => {
          const pace = how === "every step" ? async () => {} : how === "none" ? null : undefined;
          const sync = validateMemberCsv(c.csv, c.context);
          expect(await validateMemberCsvAsync(c.csv, { ...c.context, pace })).toEqual(sync);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("lets the event loop turn while it checks a large file", async () => {
    const input = generateMemberBenchInput(512 * 1024, 300);
    const context = {
      organization: input.organization,
      product: "PERFORM" as const,
      members: input.members,
      now: MEMBER_BENCH_NOW,
    };
    const { result, turns } = await withClockOfReads(() =>
      turnsDuring(() => validateMemberCsvAsync(input.csv, context)),
    );
    expect(result).toEqual(validateMemberCsv(input.csv, context));
    // Eight 64 KiB steps of reading alone, a pause every few of them.
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
