import { type UsDateMistake, usDateMistake } from "../values/dates";
import { type HoursMistake, hoursMistake, MAX_HOURS_BILLED } from "../values/hours";
import { characterCount } from "../values/text";
import type { MatterHeader } from "./columns";
import { type MatterCellReason, MatterProblemRule } from "./problems";

// The words of each matter problem. Built only for failing cells, so they may take their time.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DATE_EXPECTED = "a real calendar day written M/d/yyyy, e.g. 1/15/2026";
const HOURS_EXPECTED =
  "a number from 0 to 999,999.99 with at most two decimals, a period before the decimals and commas only between thousands, e.g. 1,234.5";
const MAX_HOURS_TEXT = MAX_HOURS_BILLED.toLocaleString("en-US");
/** Rows a message lists before saying how many more there are. */
const LISTED_ROWS = 5;
/** Characters of a value a message quotes before cutting it short. */
const QUOTED_CHARACTERS = 60;

/** A value as a message quotes it: in double quotes, cut short when long, `(blank)` when blank. */
export function quoteValue(text: string | null): string {
  if (text === null) return "(blank)";
  const points = Array.from(text);
  return points.length <= QUOTED_CHARACTERS
    ? `"${text}"`
    : `"${points.slice(0, QUOTED_CHARACTERS - 1).join("")}…"`;
}

/** `row 3 (spreadsheet row 4)`: the spec's number, and the row a spreadsheet shows (header is 1). */
export function rowPhrase(rowNumber: number): string {
  return `row ${rowNumber} (spreadsheet row ${rowNumber + 1})`;
}

/** `rows 3 and 7 (spreadsheet rows 4 and 8)`, the first few of a long list and how many more. */
export function rowsPhrase(rowNumbers: readonly number[]): string {
  if (rowNumbers.length === 1) return rowPhrase(rowNumbers[0] as number);
  const shown = rowNumbers.slice(0, LISTED_ROWS);
  const more = rowNumbers.length - shown.length;
  const list = (numbers: readonly number[]) =>
    more > 0
      ? `${numbers.join(", ")}, …`
      : `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
  const count = more > 0 ? ` and ${more.toLocaleString("en-US")} more` : "";
  return `rows ${list(shown)} (spreadsheet rows ${list(shown.map((row) => row + 1))})${count}`;
}

function sentence(text: string): string {
  return `${(text[0] as string).toUpperCase()}${text.slice(1)}`;
}

export function requiredReason(header: MatterHeader): MatterCellReason {
  return {
    rule: MatterProblemRule.REQUIRED_VALUE_MISSING,
    expected: "a value",
    message: `${header} is blank; it is required.`,
  };
}

export function tooLongReason(header: MatterHeader, text: string, limit: number): MatterCellReason {
  return {
    rule: MatterProblemRule.TOO_LONG,
    expected: `at most ${limit} characters`,
    message: `${header} has ${characterCount(text)} characters; at most ${limit} are allowed.`,
  };
}

export function notPerformMemberReason(header: MatterHeader, text: string): MatterCellReason {
  return {
    rule: MatterProblemRule.NOT_A_PERFORM_MEMBER,
    expected: "the email of a Perform member of this organization",
    message: `${header} ${quoteValue(text)} is not a Perform member of this organization.`,
  };
}

export function dateReason(header: MatterHeader, text: string): MatterCellReason {
  const mistake: UsDateMistake = usDateMistake(text);
  const value = `${header} ${quoteValue(text)}`;
  switch (mistake.kind) {
    case "shape":
      return {
        rule: MatterProblemRule.DATE_NOT_M_D_YYYY,
        expected: DATE_EXPECTED,
        message: mistake.shortYear
          ? `${value} is not a date in M/d/yyyy form: the year needs four digits, e.g. ${mistake.suggestion ?? "1/15/2026"}.`
          : `${value} is not a date in M/d/yyyy form, e.g. ${mistake.suggestion ?? "1/15/2026 for January 15, 2026"}.`,
      };
    case "month":
      return {
        rule: MatterProblemRule.NO_SUCH_DATE,
        expected: DATE_EXPECTED,
        message:
          mistake.swapped === null
            ? `${value} is not a date: there is no month ${mistake.month}, and M/d/yyyy puts the month first.`
            : `${value} is not a date: there is no month ${mistake.month}; M/d/yyyy puts the month first, e.g. ${mistake.swapped}.`,
      };
    case "day":
      return {
        rule: MatterProblemRule.NO_SUCH_DATE,
        expected: DATE_EXPECTED,
        message: `${value} is not a date: ${MONTHS[mistake.month - 1]} ${mistake.year} has ${mistake.daysInMonth} days.`,
      };
  }
}

export function hoursReason(header: MatterHeader, text: string): MatterCellReason {
  const mistake: HoursMistake = hoursMistake(text);
  const value = `${header} ${quoteValue(text)}`;
  const reason = (rule: MatterProblemRule, message: string): MatterCellReason => ({
    rule,
    expected: HOURS_EXPECTED,
    message,
  });
  switch (mistake.kind) {
    case "not-a-number":
      return reason(
        MatterProblemRule.HOURS_NOT_A_NUMBER,
        `${value} is not a number; write hours like 12 or 1,234.5.`,
      );
    case "separators":
      return reason(
        MatterProblemRule.HOURS_SEPARATORS,
        /^-?\./.test(text)
          ? `${value} needs a digit before the decimal point, e.g. ${mistake.suggestion ?? "0.5"}.`
          : `${value}: use a period for decimals and commas only between thousands, e.g. ${mistake.suggestion ?? "1,234.5"}.`,
      );
    case "decimals":
      return reason(
        MatterProblemRule.HOURS_TOO_MANY_DECIMALS,
        `${value} has ${mistake.places} decimal places; at most two are allowed${mistake.thousands === null ? "" : ` (for thousands, write ${mistake.thousands})`}.`,
      );
    case "range":
      return reason(
        MatterProblemRule.HOURS_OUT_OF_RANGE,
        mistake.negative
          ? `${value} is negative; hours run from 0 to ${MAX_HOURS_TEXT}.`
          : `${value} is over the limit of ${MAX_HOURS_TEXT} hours.`,
      );
  }
}

export function endBeforeStartReason(startText: string, endText: string): MatterCellReason {
  return {
    rule: MatterProblemRule.END_BEFORE_START,
    expected: "End Date on or after Start Date",
    message: `End Date ${endText} is before Start Date ${startText}.`,
  };
}

/** One reason for every cell of a duplicate upsert key: `rowNumbers` are all the rows sharing it. */
export function duplicateKeyReason(
  rowNumbers: readonly number[],
  matterId: string,
  clientName: string,
  attorneyEmail: string,
): MatterCellReason {
  return {
    rule: MatterProblemRule.DUPLICATE_UPSERT_KEY,
    expected: "one row per (Matter ID, Client Name, Attorney Email)",
    message: `${sentence(rowsPhrase(rowNumbers))} share Matter ID ${quoteValue(matterId)}, Client Name ${quoteValue(clientName)} and Attorney Email ${quoteValue(attorneyEmail)}; a client matter has one row per attorney.`,
  };
}

/** Upsert: a Matter Name or Description that differs from another row's in its client matter. */
export function clientMatterDisagreementReason(
  header: "Matter Name" | "Description",
  text: string | null,
  other: { rowNumber: number; text: string | null },
  matterId: string,
  clientName: string,
): MatterCellReason {
  return {
    rule: MatterProblemRule.CLIENT_MATTER_DISAGREES,
    expected: `the same ${header} on every row of a client matter (Matter ID, Client Name)`,
    message: `${header} ${quoteValue(text)} differs from ${quoteValue(other.text)} on ${rowPhrase(other.rowNumber)} in client matter (Matter ID ${quoteValue(matterId)}, Client Name ${quoteValue(clientName)}); its rows must agree.`,
  };
}

/** Legacy: a Matter Name that differs from another row's with the same Matter ID. */
export function matterIdDisagreementReason(
  text: string,
  other: { rowNumber: number; text: string },
  matterId: string,
): MatterCellReason {
  return {
    rule: MatterProblemRule.MATTER_ID_DISAGREES,
    expected: "the same Matter Name on every row sharing a Matter ID",
    message: `Matter Name ${quoteValue(text)} differs from ${quoteValue(other.text)} on ${rowPhrase(other.rowNumber)}, which has the same Matter ID ${quoteValue(matterId)}; rows sharing a Matter ID must agree, whatever their Client Name.`,
  };
}
