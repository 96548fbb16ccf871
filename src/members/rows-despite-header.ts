import { matchHeaders } from "../csv/headers";
import { type CsvInput, readCsvRecords } from "../csv/read";
import { MEMBER_HEADERS } from "../domain/headers";
import type { MemberRowColumnError } from "./result";
import { MemberRowValidator } from "./row-validator";
import { createMemberRuleContext } from "./rule-context";
import { REQUIRED_MEMBER_HEADERS } from "./sheet";
import type { MemberValidationContext } from "./validate";

/**
 * The row errors of a file whose header row the spec refuses (an unrecognized, repeated or
 * missing column), judged on the columns it does recognize: what a person can fix in the same
 * pass as the header. The interface never answers these (its 400 carries the file error alone);
 * `null` when the header is not the problem or the file cannot be read as CSV at all. Rows of the
 * wrong length are skipped, as their cells cannot be placed.
 */
export function memberRowsDespiteHeader(
  input: CsvInput,
  context: MemberValidationContext,
): MemberRowColumnError[] | null {
  const rules = createMemberRuleContext(context.organization, context.product, context.now);
  let validator: MemberRowValidator | null = null;
  let headerLength = 0;
  let headerProblem = false;
  const read = readCsvRecords(
    input,
    (record, index) => {
      if (index === 0) {
        const { positions, unexpected, repeated } = matchHeaders(record, MEMBER_HEADERS);
        headerProblem =
          unexpected.length > 0 ||
          repeated.length > 0 ||
          REQUIRED_MEMBER_HEADERS.some((name) => !positions.has(name));
        headerLength = record.length;
        if (headerProblem) validator = new MemberRowValidator(positions, rules);
        return;
      }
      if (validator !== null && record.length === headerLength) validator.read(record, index);
    },
    context.maxBytes,
  );
  if (!read.ok || !headerProblem || validator === null) return null;
  const verdict = (validator as MemberRowValidator).finish(
    context.members,
    context.externalUserEmails ?? [],
  );
  return verdict.ok ? [] : verdict.result.rowColumnErrors;
}
