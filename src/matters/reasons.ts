import type { MatterHeader } from "../domain/headers";
import {
  type MessageKey,
  type MessageParams,
  type PartialMessageCatalog,
  renderMessage,
} from "../messages/catalog";
import { type UsDateMistake, usDateMistake } from "../values/dates";
import { type HoursMistake, hoursMistake, MAX_HOURS_BILLED } from "../values/hours";
import { characterCount } from "../values/text";
import { type MatterCellReason, MatterProblemRule } from "./problems";

// Each matter problem's reason: its words come from the message catalog (English by default).
// Built only for failing cells, so they may take their time.

export { quoteValue, rowPhrase, rowsPhrase } from "../messages/en";

const DATE_EXPECTED = "a real calendar day written M/d/yyyy, e.g. 1/15/2026";
const HOURS_EXPECTED =
  "a number from 0 to 999,999.99 with at most two decimals, a period before the decimals and commas only between thousands, e.g. 1,234.5";

function reason<K extends MessageKey>(
  rule: MatterProblemRule,
  expected: string,
  messages: PartialMessageCatalog | undefined,
  key: K,
  params: MessageParams[K],
): MatterCellReason {
  return { rule, expected, message: renderMessage(messages, key, params) };
}

export function requiredReason(
  header: MatterHeader,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.REQUIRED_VALUE_MISSING,
    "a value",
    messages,
    "matter.REQUIRED_VALUE_MISSING.blank",
    { column: header },
  );
}

export function tooLongReason(
  header: MatterHeader,
  text: string,
  limit: number,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.TOO_LONG,
    `at most ${limit} characters`,
    messages,
    "matter.TOO_LONG.characters",
    { column: header, length: characterCount(text), limit },
  );
}

export function notPerformMemberReason(
  header: MatterHeader,
  text: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.NOT_A_PERFORM_MEMBER,
    "the email of a Perform member of this organization",
    messages,
    "matter.NOT_A_PERFORM_MEMBER.unknown",
    { column: header, value: text },
  );
}

export function dateReason(
  header: MatterHeader,
  text: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  const mistake: UsDateMistake = usDateMistake(text);
  const cell = { column: header, value: text };
  switch (mistake.kind) {
    case "shape":
      return reason(
        MatterProblemRule.DATE_NOT_M_D_YYYY,
        DATE_EXPECTED,
        messages,
        mistake.shortYear ? "matter.DATE_NOT_M_D_YYYY.shortYear" : "matter.DATE_NOT_M_D_YYYY.shape",
        { ...cell, suggestion: mistake.suggestion },
      );
    case "month":
      return reason(
        MatterProblemRule.NO_SUCH_DATE,
        DATE_EXPECTED,
        messages,
        "matter.NO_SUCH_DATE.month",
        {
          ...cell,
          month: mistake.month,
          swapped: mistake.swapped,
        },
      );
    case "day":
      return reason(
        MatterProblemRule.NO_SUCH_DATE,
        DATE_EXPECTED,
        messages,
        "matter.NO_SUCH_DATE.day",
        {
          ...cell,
          month: mistake.month,
          year: mistake.year,
          daysInMonth: mistake.daysInMonth,
        },
      );
  }
}

export function hoursReason(
  header: MatterHeader,
  text: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  const mistake: HoursMistake = hoursMistake(text);
  const cell = { column: header, value: text };
  const hours = <K extends MessageKey>(rule: MatterProblemRule, key: K, params: MessageParams[K]) =>
    reason(rule, HOURS_EXPECTED, messages, key, params);
  switch (mistake.kind) {
    case "not-a-number":
      return hours(MatterProblemRule.HOURS_NOT_A_NUMBER, "matter.HOURS_NOT_A_NUMBER.text", cell);
    case "separators":
      return hours(
        MatterProblemRule.HOURS_SEPARATORS,
        /^-?\./.test(text)
          ? "matter.HOURS_SEPARATORS.leadingPoint"
          : "matter.HOURS_SEPARATORS.separators",
        { ...cell, suggestion: mistake.suggestion },
      );
    case "decimals":
      return hours(
        MatterProblemRule.HOURS_TOO_MANY_DECIMALS,
        "matter.HOURS_TOO_MANY_DECIMALS.places",
        {
          ...cell,
          places: mistake.places,
          thousands: mistake.thousands,
        },
      );
    case "range":
      return hours(
        MatterProblemRule.HOURS_OUT_OF_RANGE,
        mistake.negative ? "matter.HOURS_OUT_OF_RANGE.negative" : "matter.HOURS_OUT_OF_RANGE.over",
        { ...cell, max: MAX_HOURS_BILLED },
      );
  }
}

export function endBeforeStartReason(
  startText: string,
  endText: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.END_BEFORE_START,
    "End Date on or after Start Date",
    messages,
    "matter.END_BEFORE_START.dates",
    { start: startText, end: endText },
  );
}

/** One reason for every cell of a duplicate upsert key: `rowNumbers` are all the rows sharing it. */
export function duplicateKeyReason(
  rowNumbers: readonly number[],
  matterId: string,
  clientName: string,
  attorneyEmail: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.DUPLICATE_UPSERT_KEY,
    "one row per (Matter ID, Client Name, Attorney Email)",
    messages,
    "matter.DUPLICATE_UPSERT_KEY.rows",
    { rows: rowNumbers, matterId, clientName, attorneyEmail },
  );
}

/** Upsert: a Matter Name or Description that differs from another row's in its client matter. */
export function clientMatterDisagreementReason(
  header: "Matter Name" | "Description",
  text: string | null,
  other: { rowNumber: number; text: string | null },
  matterId: string,
  clientName: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.CLIENT_MATTER_DISAGREES,
    `the same ${header} on every row of a client matter (Matter ID, Client Name)`,
    messages,
    "matter.CLIENT_MATTER_DISAGREES.field",
    {
      column: header,
      value: text,
      otherValue: other.text,
      otherRow: other.rowNumber,
      matterId,
      clientName,
    },
  );
}

/** Legacy: a Matter Name that differs from another row's with the same Matter ID. */
export function matterIdDisagreementReason(
  text: string,
  other: { rowNumber: number; text: string },
  matterId: string,
  messages?: PartialMessageCatalog,
): MatterCellReason {
  return reason(
    MatterProblemRule.MATTER_ID_DISAGREES,
    "the same Matter Name on every row sharing a Matter ID",
    messages,
    "matter.MATTER_ID_DISAGREES.name",
    {
      column: "Matter Name",
      value: text,
      otherValue: other.text,
      otherRow: other.rowNumber,
      matterId,
    },
  );
}
