import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkMatterCsv, validateMatterCsv } from "../../src/matters/validate";
import { checkMatterCsvAsync, validateMatterCsvAsync } from "../../src/matters/validate-async";
import {
  matterCsv,
  PERFORM_ATTORNEYS,
  validMatterRowsArbitrary,
} from "../../src/testing/matter-arbitraries";
import { generateMatterBenchInput } from "../bench/matter-file";
import { anyMatterBytes } from "../support/matter-files";
import { turnsDuring, withClockOfReads } from "../support/turns";

const matterFile = fc.oneof(anyMatterBytes, validMatterRowsArbitrary.map(matterCsv));
const ruleSet = fc.constantFrom("upsert" as const, "legacy" as const);

describe("validateMatterCsvAsync", () => {
  it("answers exactly what validateMatterCsv and checkMatterCsv answer, paced at every step, by default or unpaced", async () => {
    await fc.assert(
      fc.asyncProperty(
        matterFile,
        ruleSet,
        fc.constantFrom("every step", "default", "none"),
        async (file, rules, how) => {
          const options = { ruleSet: rules, performMemberEmails: PERFORM_ATTORNEYS };
          const pace = how === "every step" ? async () => {} : how === "none" ? null : undefined;
          expect(await validateMatterCsvAsync(file, { ...options, pace })).toEqual(
            validateMatterCsv(file, options),
          );
          expect(await checkMatterCsvAsync(file, { ...options, pace })).toEqual(
            checkMatterCsv(file, options),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("lets the event loop turn while it checks a large file", async () => {
    const input = generateMatterBenchInput(2_000);
    const options = { ruleSet: "upsert" as const, performMemberEmails: input.performMemberEmails };
    const { result, turns } = await withClockOfReads(() =>
      turnsDuring(() => validateMatterCsvAsync(input.csv, options)),
    );
    expect(result).toEqual(validateMatterCsv(input.csv, options));
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
