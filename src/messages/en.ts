import { didYouMean } from "../values/closest";
import type { MessageCatalog } from "./types";

// English, the spec's texts: the default of every key, and what a partial catalog falls back to.

const SAVE_AS_UTF8 = 'save the file as "CSV UTF-8 (Comma delimited)" and upload it again';
const QUOTING_RULE =
  "a quoted value must start and end with a double quote, and a double quote inside a value must be doubled";
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
/** Rows a matter message lists before saying how many more there are. */
const LISTED_ROWS = 5;
/** Characters of a value a matter message quotes before cutting it short. */
const QUOTED_CHARACTERS = 60;

const count = (value: number) => value.toLocaleString("en-US");
const plural = (items: readonly unknown[], word: string) => (items.length > 1 ? `${word}s` : word);

/** "2, 5 and 9". */
function listRows(numbers: readonly number[]): string {
  if (numbers.length < 2) return numbers.join("");
  return `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

/** A matter value as a message quotes it: in double quotes, cut short when long, `(blank)` when blank. */
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
  const tail = more > 0 ? ` and ${count(more)} more` : "";
  return `rows ${list(shown)} (spreadsheet rows ${list(shown.map((row) => row + 1))})${tail}`;
}

function sentence(text: string): string {
  return `${(text[0] as string).toUpperCase()}${text.slice(1)}`;
}

const listNames = {
  levels: "the organization's member levels",
  departments: "the organization's departments",
  practiceAreas: "the organization's practice areas",
  lawSchools: "the recognized law schools",
} as const;

/** The English catalog: every message of member and matter errors as the spec words them. */
export const en: MessageCatalog = {
  "file.TOO_LARGE.size": ({ bytes, limit, exact }) =>
    `The file is ${exact ? "" : "at least "}${count(bytes)} bytes; the limit is ${limit / 1024 / 1024} MB (${count(limit)} bytes).`,
  "file.EMPTY.empty": "The file is empty.",
  "file.NOT_UTF8.utf16": `The file is encoded as UTF-16; ${SAVE_AS_UTF8}.`,
  "file.NOT_UTF8.nul": `The file contains NUL characters, which usually means it is UTF-16 or binary; ${SAVE_AS_UTF8}.`,
  "file.NOT_UTF8.invalid": `The file is not valid UTF-8 text; ${SAVE_AS_UTF8}.`,
  "file.MALFORMED.syntax": ({ detail }) => `The file is not valid CSV: ${detail}`,
  "file.MALFORMED.unclosedQuote": ({ line }) =>
    `The file is not valid CSV: a double quote opened on or before line ${line} is never closed (${QUOTING_RULE}).`,
  "file.MALFORMED.multipart": "The request body is not valid multipart/form-data.",
  "file.MALFORMED.quotes": ({ line, detail }) =>
    `The file is not valid CSV at line ${line}: check the double quotes on that line (${QUOTING_RULE}). Parser said: ${detail}`,

  "member.UNEXPECTED_COLUMNS.unrecognized": ({ columns, suggestions, recognized }) =>
    `Unrecognized ${plural(columns, "column")}: ${columns
      .map((cell, index) => {
        if (cell === "")
          return "a column with a blank header (often an extra comma in the header row)";
        const near = suggestions[index];
        return near === null || near === undefined
          ? `"${cell}"`
          : `"${cell}" (did you mean "${near}"?)`;
      })
      .join(", ")}. Recognized columns are: ${recognized.join(", ")}.`,
  "member.INVALID_FILE_FORMAT.repeatedColumns": ({ columns }) =>
    `The header names ${columns.map((name) => `"${name}"`).join(", ")} more than once; each column may appear once.`,
  "member.MISSING_REQUIRED_COLUMNS.missing": ({ columns }) =>
    `Missing required ${plural(columns, "column")}: ${columns.join(", ")}.`,
  "member.INVALID_FILE_FORMAT.rowLength": ({ rowNumber, values, columns }) =>
    `Row ${rowNumber} has ${values} values but the header has ${columns} columns; a value containing a comma must be wrapped in double quotes.`,

  "member.EMPTY_REQUIRED_VALUE.blank": ({ column }) => `${column} is required.`,
  "member.INVALID_FORMAT.nameCharacters": ({ column }) =>
    `${column} must not contain a backslash, line break, <, >, |, double quote or backtick.`,
  "member.INVALID_FORMAT.nul": ({ column }) => `${column} must not contain a NUL character.`,
  "member.INVALID_FORMAT.boolean": ({ column, value, accepted }) =>
    `${column} "${value}" must be one of ${accepted.join(", ")}.`,
  "member.INVALID_EMAIL.malformed": ({ column, value }) =>
    `${column} "${value}" is not a well-formed email address.`,
  "member.INVALID_EMAIL.mentorSeparators": ({ column, value, suggestion }) =>
    `${column} "${value}" is not a well-formed email address; separate mentors with semicolons: "${suggestion}".`,
  "member.INVALID_URL.notWebAddress": ({ column, value }) =>
    `${column} "${value}" is not a valid web address.`,
  "member.INVALID_YEAR.outOfWindow": ({ column, value, window, year }) =>
    `${column} "${value}" must be a four-digit year within ${window} years of ${year}.`,
  "member.INVALID_DATE_FORMAT.notADate": ({ column, value }) =>
    `${column} "${value}" must be a real date written yyyy-MM-dd, yyyy/MM/dd or M/d/yyyy.`,
  "member.INVALID_SSO_ID.pattern": ({ column, value }) =>
    `${column} "${value}" does not have the form the organization's SSO setup requires.`,
  "member.INVALID_LIST_SELECTION.notInList": ({
    column,
    value,
    list,
    suggestions,
    endpoint,
    command,
  }) =>
    `${column} "${value}" is not in ${listNames[list]}.${didYouMean(suggestions)} All of them: GET ${endpoint}, or ${command}.`,
  "member.INVALID_LIST_SELECTION.notOneOf": ({ column, value, accepted }) =>
    `${column} "${value}" must be one of ${accepted.join(", ")} (case-sensitive).`,
  "member.INVALID_LIST_SELECTION.office": ({ office, suggestions }) =>
    `"${office}" is not one of the organization's offices; use a city, state or country exactly as the offices list has it.${didYouMean(suggestions)} All of them: GET /api/v2/offices, or rpdi lists <snapshot.json> offices.`,
  "member.ROW_VALUE_CONFLICT.officeWithoutCity":
    "Office State (US Only) and Office Country (Non-US Only) need an Office City; fill in the city or clear the row's office columns.",
  "member.ROW_VALUE_CONFLICT.officeStateAndCountry":
    "An office has either a state (US offices) or a country (offices outside the US), not both.",
  "member.EMPTY_REQUIRED_VALUE.officeStateOrCountry":
    "An office needs Office State (US Only) for a US office or Office Country (Non-US Only) for any other.",
  "member.ROW_VALUE_CONFLICT.tooManyMentors": ({ column, count: mentors, max }) =>
    `${column} names ${mentors} different mentors; at most ${max} are allowed.`,
  "member.ROW_VALUE_CONFLICT.ownManager": "A member cannot be their own manager.",
  "member.ROW_VALUE_CONFLICT.ownMentor": "A member cannot be their own mentor.",
  "member.ROW_VALUE_CONFLICT.unknownReference": ({ column, addresses }) =>
    `${column}: ${addresses.map((address) => `"${address}"`).join(", ")} ${addresses.length > 1 ? "match" : "matches"} no member of the organization and no row of this file.`,
  "member.EMPTY_REQUIRED_VALUE.ssoIdBlank": ({ column }) =>
    `${column} is required: the organization signs members in with SSO and this member does not use MFA.`,
  "member.EMPTY_REQUIRED_VALUE.ssoIdColumnMissing": ({ column }) =>
    `${column} is required for this member (the organization signs members in with SSO and the member does not use MFA); add the ${column} column.`,
  "member.DUPLICATE_VALUE.repeated": ({ column, value, rows }) =>
    `${column} "${value}" appears on rows ${listRows(rows)}; each value may appear on one row only.`,
  "member.EXISTING_USER_CONFLICT.otherOrganization": ({ email }) =>
    `"${email}" already belongs to a user of another organization, so no member can be created with it.`,
  "member.ROW_VALUE_CONFLICT.newEmailNoMember": ({ email }) =>
    `New Email can only move an existing member, and no member has the address "${email}".`,
  "member.ROW_VALUE_CONFLICT.newEmailSameTarget": ({ address, rows }) =>
    `Rows ${listRows(rows)} each move a member to "${address}"; no two rows may move to the same address.`,
  "member.ROW_VALUE_CONFLICT.newEmailTaken": ({ address }) =>
    `"${address}" already belongs to another user or member, so no member can move to it.`,
  "member.ROW_VALUE_CONFLICT.moveNeedsAdmin": ({ email, products }) =>
    `Moving "${email}" to another address needs the ADMIN role on every product they hold (${products.join(", ")}).`,
  "member.ROW_VALUE_CONFLICT.notAllowed": ({ reason }) => reason,
  "member.UNKNOWN.writeFailed": ({ detail }) =>
    `The member could not be written: ${detail} Nothing was imported; try again.`,

  "matter.UNREADABLE_FILE.header": ({ missing, unexpected, repeated, columns }) => {
    const quote = (names: readonly string[]) =>
      names.map((name) => (name === "" ? "(a blank header)" : `"${name}"`)).join(", ");
    const parts: string[] = [];
    if (missing.length > 0) parts.push(`missing ${quote(missing)}`);
    if (unexpected.length > 0) parts.push(`unrecognized ${quote(unexpected)}`);
    if (repeated.length > 0) parts.push(`named more than once ${quote(repeated)}`);
    return `The header must name each of the nine columns once (${columns.join(", ")}): ${parts.join("; ")}.`;
  },
  "matter.INVALID_ROW_COUNT.rows": ({ rows, min, max }) =>
    `The file has ${count(rows)} data rows; it must have from ${min} to ${count(max)}.`,
  "matter.COLUMN_COUNT_MISMATCH.rowLength": ({ rowNumber, values, columns }) =>
    `Row ${rowNumber} has ${values} values but the header has ${columns} columns; a value containing a comma must be wrapped in double quotes.`,
  "matter.legacy.invalidRows": "The file has invalid rows; nothing was written.",
  "matter.upsert.rowLine": ({ rowNumber, columns }) =>
    `Row ${rowNumber}: errors in ${columns.join(", ")}`,
  "matter.upsert.moreRows": ({ count: rows }) =>
    `…and ${count(rows)} more row${rows === 1 ? "" : "s"} with errors.`,

  "matter.REQUIRED_VALUE_MISSING.blank": ({ column }) => `${column} is blank; it is required.`,
  "matter.TOO_LONG.characters": ({ column, length, limit }) =>
    `${column} has ${length} characters; at most ${limit} are allowed.`,
  "matter.NOT_A_PERFORM_MEMBER.unknown": ({ column, value }) =>
    `${column} ${quoteValue(value)} is not a Perform member of this organization.`,
  "matter.DATE_NOT_M_D_YYYY.shape": ({ column, value, suggestion }) =>
    `${column} ${quoteValue(value)} is not a date in M/d/yyyy form, e.g. ${suggestion ?? "1/15/2026 for January 15, 2026"}.`,
  "matter.DATE_NOT_M_D_YYYY.shortYear": ({ column, value, suggestion }) =>
    `${column} ${quoteValue(value)} is not a date in M/d/yyyy form: the year needs four digits, e.g. ${suggestion ?? "1/15/2026"}.`,
  "matter.NO_SUCH_DATE.month": ({ column, value, month, swapped }) =>
    swapped === null
      ? `${column} ${quoteValue(value)} is not a date: there is no month ${month}, and M/d/yyyy puts the month first.`
      : `${column} ${quoteValue(value)} is not a date: there is no month ${month}; M/d/yyyy puts the month first, e.g. ${swapped}.`,
  "matter.NO_SUCH_DATE.day": ({ column, value, month, year, daysInMonth }) =>
    `${column} ${quoteValue(value)} is not a date: ${MONTHS[month - 1]} ${year} has ${daysInMonth} days.`,
  "matter.END_BEFORE_START.dates": ({ start, end }) =>
    `End Date ${end} is before Start Date ${start}.`,
  "matter.HOURS_NOT_A_NUMBER.text": ({ column, value }) =>
    `${column} ${quoteValue(value)} is not a number; write hours like 12 or 1,234.5.`,
  "matter.HOURS_SEPARATORS.leadingPoint": ({ column, value, suggestion }) =>
    `${column} ${quoteValue(value)} needs a digit before the decimal point, e.g. ${suggestion ?? "0.5"}.`,
  "matter.HOURS_SEPARATORS.separators": ({ column, value, suggestion }) =>
    `${column} ${quoteValue(value)}: use a period for decimals and commas only between thousands, e.g. ${suggestion ?? "1,234.5"}.`,
  "matter.HOURS_TOO_MANY_DECIMALS.places": ({ column, value, places, thousands }) =>
    `${column} ${quoteValue(value)} has ${places} decimal places; at most two are allowed${thousands === null ? "" : ` (for thousands, write ${thousands})`}.`,
  "matter.HOURS_OUT_OF_RANGE.negative": ({ column, value, max }) =>
    `${column} ${quoteValue(value)} is negative; hours run from 0 to ${count(max)}.`,
  "matter.HOURS_OUT_OF_RANGE.over": ({ column, value, max }) =>
    `${column} ${quoteValue(value)} is over the limit of ${count(max)} hours.`,
  "matter.DUPLICATE_UPSERT_KEY.rows": ({ rows, matterId, clientName, attorneyEmail }) =>
    `${sentence(rowsPhrase(rows))} share Matter ID ${quoteValue(matterId)}, Client Name ${quoteValue(clientName)} and Attorney Email ${quoteValue(attorneyEmail)}; a client matter has one row per attorney.`,
  "matter.CLIENT_MATTER_DISAGREES.field": ({
    column,
    value,
    otherValue,
    otherRow,
    matterId,
    clientName,
  }) =>
    `${column} ${quoteValue(value)} differs from ${quoteValue(otherValue)} on ${rowPhrase(otherRow)} in client matter (Matter ID ${quoteValue(matterId)}, Client Name ${quoteValue(clientName)}); its rows must agree.`,
  "matter.MATTER_ID_DISAGREES.name": ({ column, value, otherValue, otherRow, matterId }) =>
    `${column} ${quoteValue(value)} differs from ${quoteValue(otherValue)} on ${rowPhrase(otherRow)}, which has the same Matter ID ${quoteValue(matterId)}; rows sharing a Matter ID must agree, whatever their Client Name.`,
  "account.WEAK_PASSWORD.tooShort": ({ minimum, length }) =>
    `The password has ${length} ${length === 1 ? "character" : "characters"}; it needs at least ${minimum}. A passphrase of several words is easiest to remember.`,
  "account.WEAK_PASSWORD.tooLong": ({ maximum }) =>
    `The password is longer than ${count(maximum)} characters, the most rpdi accepts.`,
  "account.WEAK_PASSWORD.common":
    "This password is one of the most common in leaked password lists; choose another.",
  "account.WEAK_PASSWORD.ownWords":
    'The password contains "{word}", a word of your organization\'s name or of your address; choose one without it.',
  "account.INVALID_TOKEN.unknown":
    "This link is not valid: it was used already, a newer one was sent, or the address changed. Ask for a new one.",
  "account.INVALID_TOKEN.expired": "This link has expired. Ask for a new one.",
  "account.WRONG_PASSWORD.current": "The current password is not right.",
  "account.INVALID_MFA_CODE.code":
    "The code is not right or was used already; enter the code your authenticator shows now.",
  "account.NO_MFA_ENROLLMENT.none":
    "No authenticator setup is in progress, or it expired; start the setup again.",
  "account.NO_MFA_ENROLLMENT.notEnrolled": "No authenticator is set up for this account.",
  "account.MFA_REQUIRED.organization":
    "Your organization requires two-step sign-in, so the authenticator cannot be removed.",
  "account.MEMBER_NOT_FOUND.member": "No such member in this organization.",
  "account.THROTTLED.wait": ({ retryAfterSeconds }) =>
    `Too many tries; try again in ${count(retryAfterSeconds)} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`,
};
