/**
 * The parameters of every message of member and matter errors, keyed `<scope>.<error type>.<rule>`
 * (`file.*` for what any CSV file can break before its rows are read). A catalog entry receives
 * exactly these values: raw cell texts and numbers, never English fragments, so a catalog in
 * another language says everything in its own words.
 */
export interface MessageParams {
  // The file as a whole, before its rows are read (member and matter files alike).
  /** Over the size limit; `exact` is false when only a lower bound of the size is known. */
  "file.TOO_LARGE.size": { bytes: number; limit: number; exact: boolean };
  /** No bytes, only whitespace, or (member files) no header row. */
  "file.EMPTY.empty": Record<string, never>;
  /** A UTF-16 byte order mark. */
  "file.NOT_UTF8.utf16": Record<string, never>;
  /** NUL characters (UTF-16 without a byte order mark, or binary). */
  "file.NOT_UTF8.nul": Record<string, never>;
  /** Bytes that are not UTF-8. */
  "file.NOT_UTF8.invalid": Record<string, never>;
  /** CSV syntax error without a line; `detail` is csv-parse's own English. */
  "file.MALFORMED.syntax": { detail: string };
  /** A double quote never closed, opened on or before `line`. */
  "file.MALFORMED.unclosedQuote": { line: number };
  /** An upload whose request body is not multipart/form-data. */
  "file.MALFORMED.multipart": Record<string, never>;
  /** Any other CSV syntax error at `line`; `detail` is csv-parse's own English. */
  "file.MALFORMED.quotes": { line: number; detail: string };

  // The member file's header and row shape.
  /** `columns` are the unrecognized header cells ("" for a blank one); `suggestions[i]` a recognized header near `columns[i]`, or null. */
  "member.UNEXPECTED_COLUMNS.unrecognized": {
    columns: readonly string[];
    suggestions: readonly (string | null)[];
    recognized: readonly string[];
  };
  "member.INVALID_FILE_FORMAT.repeatedColumns": { columns: readonly string[] };
  "member.MISSING_REQUIRED_COLUMNS.missing": { columns: readonly string[] };
  /** A data row with another number of values than the header (`rowNumber` as the spec counts). */
  "member.INVALID_FILE_FORMAT.rowLength": { rowNumber: number; values: number; columns: number };

  // Member cells.
  "member.EMPTY_REQUIRED_VALUE.blank": { column: string };
  "member.INVALID_FORMAT.nameCharacters": { column: string };
  "member.INVALID_FORMAT.nul": { column: string };
  "member.INVALID_FORMAT.boolean": { column: string; value: string; accepted: readonly string[] };
  "member.INVALID_EMAIL.malformed": { column: string; value: string };
  /** Well-formed addresses separated by commas or spaces; `suggestion` lists them with semicolons. */
  "member.INVALID_EMAIL.mentorSeparators": { column: string; value: string; suggestion: string };
  "member.INVALID_URL.notWebAddress": { column: string; value: string };
  "member.INVALID_YEAR.outOfWindow": {
    column: string;
    value: string;
    window: number;
    year: number;
  };
  "member.INVALID_DATE_FORMAT.notADate": { column: string; value: string };
  "member.INVALID_SSO_ID.pattern": { column: string; value: string };
  /**
   * Not in one of the organization's lists; `suggestions` are near entries (at most three),
   * `endpoint` and `command` where the whole list is read.
   */
  "member.INVALID_LIST_SELECTION.notInList": {
    column: string;
    value: string;
    list: "levels" | "departments" | "practiceAreas" | "lawSchools";
    suggestions: readonly string[];
    endpoint: string;
    command: string;
  };
  "member.INVALID_LIST_SELECTION.notOneOf": {
    column: string;
    value: string;
    accepted: readonly string[];
  };
  /** City with state or country that is no office; `office` is "City, State" or "City, Country". */
  "member.INVALID_LIST_SELECTION.office": { office: string; suggestions: readonly string[] };
  "member.ROW_VALUE_CONFLICT.officeWithoutCity": Record<string, never>;
  "member.ROW_VALUE_CONFLICT.officeStateAndCountry": Record<string, never>;
  "member.EMPTY_REQUIRED_VALUE.officeStateOrCountry": Record<string, never>;
  "member.ROW_VALUE_CONFLICT.tooManyMentors": { column: string; count: number; max: number };
  "member.ROW_VALUE_CONFLICT.ownManager": { column: string };
  "member.ROW_VALUE_CONFLICT.ownMentor": { column: string };
  "member.ROW_VALUE_CONFLICT.unknownReference": { column: string; addresses: readonly string[] };
  /** SSO ID blank (the column is there) or missing (the column is not). */
  "member.EMPTY_REQUIRED_VALUE.ssoIdBlank": { column: string };
  "member.EMPTY_REQUIRED_VALUE.ssoIdColumnMissing": { column: string };
  "member.DUPLICATE_VALUE.repeated": { column: string; value: string; rows: readonly number[] };
  "member.EXISTING_USER_CONFLICT.otherOrganization": { email: string };
  "member.ROW_VALUE_CONFLICT.newEmailNoMember": { email: string };
  "member.ROW_VALUE_CONFLICT.newEmailSameTarget": { address: string; rows: readonly number[] };
  "member.ROW_VALUE_CONFLICT.newEmailTaken": { address: string };
  /** The importing member may not move this member: `products` are the ones the member holds. */
  "member.ROW_VALUE_CONFLICT.moveNeedsAdmin": { email: string; products: readonly string[] };
  /** The importing member may not make this change; `reason` is the access policy's English. */
  "member.ROW_VALUE_CONFLICT.notAllowed": { column: string; reason: string };
  /** The store refused a write after validation (a race); `detail` is the store's English. */
  "member.UNKNOWN.writeFailed": { detail: string };

  // The matter file's header and row count.
  "matter.UNREADABLE_FILE.header": {
    missing: readonly string[];
    unexpected: readonly string[];
    repeated: readonly string[];
    columns: readonly string[];
  };
  "matter.INVALID_ROW_COUNT.rows": { rows: number; min: number; max: number };
  "matter.COLUMN_COUNT_MISMATCH.rowLength": { rowNumber: number; values: number; columns: number };

  /** A failing row's line in the upsert's plain-text 400 body: the columns with errors. */
  "matter.upsert.rowLine": { rowNumber: number; columns: readonly string[] };
  /** The deprecated upload's 400 body for a file with invalid rows (the spec gives it no row detail). */
  "matter.legacy.invalidRows": Record<string, never>;
  /** The last line of the upsert's 400 body when more rows failed than it lists. */
  "matter.upsert.moreRows": { count: number };

  // Matter cells (the reason beside each `columnsWithErrors` entry). `value` null when blank.
  "matter.REQUIRED_VALUE_MISSING.blank": { column: string };
  "matter.TOO_LONG.characters": { column: string; length: number; limit: number };
  "matter.NOT_A_PERFORM_MEMBER.unknown": { column: string; value: string };
  /** Not `M/d/yyyy`; `suggestion` is the same day written M/d/yyyy when there is one. */
  "matter.DATE_NOT_M_D_YYYY.shape": { column: string; value: string; suggestion: string | null };
  "matter.DATE_NOT_M_D_YYYY.shortYear": {
    column: string;
    value: string;
    suggestion: string | null;
  };
  /** `swapped` is the text with day and month exchanged when that is a real day. */
  "matter.NO_SUCH_DATE.month": {
    column: string;
    value: string;
    month: number;
    swapped: string | null;
  };
  "matter.NO_SUCH_DATE.day": {
    column: string;
    value: string;
    month: number;
    year: number;
    daysInMonth: number;
  };
  "matter.END_BEFORE_START.dates": { start: string; end: string };
  "matter.HOURS_NOT_A_NUMBER.text": { column: string; value: string };
  "matter.HOURS_SEPARATORS.leadingPoint": {
    column: string;
    value: string;
    suggestion: string | null;
  };
  "matter.HOURS_SEPARATORS.separators": {
    column: string;
    value: string;
    suggestion: string | null;
  };
  /** `thousands` is the value read as thousands (`1,234`) when the decimals look like them. */
  "matter.HOURS_TOO_MANY_DECIMALS.places": {
    column: string;
    value: string;
    places: number;
    thousands: string | null;
  };
  "matter.HOURS_OUT_OF_RANGE.negative": { column: string; value: string; max: number };
  "matter.HOURS_OUT_OF_RANGE.over": { column: string; value: string; max: number };
  "matter.DUPLICATE_UPSERT_KEY.rows": {
    rows: readonly number[];
    matterId: string;
    clientName: string;
    attorneyEmail: string;
  };
  "matter.CLIENT_MATTER_DISAGREES.field": {
    column: string;
    value: string | null;
    otherValue: string | null;
    otherRow: number;
    matterId: string;
    clientName: string;
  };
  "matter.MATTER_ID_DISAGREES.name": {
    column: string;
    value: string;
    otherValue: string;
    otherRow: number;
    matterId: string;
  };

  // Accounts: invitations, passwords, recovery and MFA enrollment.
  /** Fewer characters (Unicode code points, after normalization) than the minimum. */
  "account.WEAK_PASSWORD.tooShort": { minimum: number; length: number };
  /** More characters than the maximum rpdi hashes. */
  "account.WEAK_PASSWORD.tooLong": { maximum: number; length: number };
  /** Among the most common passwords of breach corpora. */
  "account.WEAK_PASSWORD.common": Record<string, never>;
  /** Contains `word`, a word of the organization's names or of the member's own address. */
  "account.WEAK_PASSWORD.ownWords": { word: string };
  /** An invitation or recovery token that is unknown, used, replaced, or voided by an address change. */
  "account.INVALID_TOKEN.unknown": Record<string, never>;
  /** A token past its expiry. */
  "account.INVALID_TOKEN.expired": Record<string, never>;
  /** The current password given to confirm a change is not the member's. */
  "account.WRONG_PASSWORD.current": Record<string, never>;
  /** A TOTP code that is not valid now, or whose time step was already used. */
  "account.INVALID_MFA_CODE.code": Record<string, never>;
  /** No MFA enrollment was begun, or it expired. */
  "account.NO_MFA_ENROLLMENT.none": Record<string, never>;
  /** The member has no MFA to remove. */
  "account.NO_MFA_ENROLLMENT.notEnrolled": Record<string, never>;
  /** MFA cannot be removed: the organization requires it. */
  "account.MFA_REQUIRED.organization": Record<string, never>;
  /** No such member in the organization. */
  "account.MEMBER_NOT_FOUND.member": Record<string, never>;
  /** Too many tries; `retryAfterSeconds` until the next is taken. */
  "account.THROTTLED.wait": { retryAfterSeconds: number };
}

/** A key of the message catalog: `<scope>.<error type>.<rule>`. */
export type MessageKey = keyof MessageParams;
