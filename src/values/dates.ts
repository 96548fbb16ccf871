const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Which of the written shapes a date may take. */
interface DateShapes {
  /** `yyyy-MM-dd` */
  isoDash: boolean;
  /** `yyyy/MM/dd` */
  isoSlash: boolean;
  /** `M/d/yyyy` */
  us: boolean;
}

const DASH = 0x2d;
const SLASH = 0x2f;

/**
 * A calendar date in one of the given shapes, as `yyyy-MM-dd`; `undefined` when the text has
 * another shape or names a day that does not exist (2/30/2024). `calendar` judges the days that
 * not every month has. The shapes are read character by character, as `^(\d{4})-(\d{2})-(\d{2})$`,
 * `^(\d{4})\/(\d{2})\/(\d{2})$` and `^(\d{1,2})\/(\d{1,2})\/(\d{4})$` read them: every member
 * row has a date, and three expression runs with their match arrays cost more than the rest.
 */
function parseDate(
  text: string,
  shapes: DateShapes,
  calendar: (year: number, month: number, day: number) => string | undefined,
): string | undefined {
  const length = text.length;
  let year: number;
  let month: number;
  let day: number;
  let yearStart: number;
  const fifth = text.charCodeAt(4);
  if (
    length === 10 &&
    ((fifth === DASH && shapes.isoDash) || (fifth === SLASH && shapes.isoSlash)) &&
    text.charCodeAt(7) === fifth
  ) {
    year = digits(text, 0, 4);
    month = digits(text, 5, 7);
    day = digits(text, 8, 10);
    yearStart = 0;
  } else if (shapes.us && length >= 8 && length <= 10) {
    const first = text.indexOf("/");
    const second = text.indexOf("/", first + 1);
    if (first < 1 || first > 2 || second - first < 2 || second - first > 3) return undefined;
    if (length - second !== 5) return undefined;
    month = digits(text, 0, first);
    day = digits(text, first + 1, second);
    year = digits(text, second + 1, length);
    yearStart = second + 1;
  } else return undefined;
  if (year < 0 || month < 0 || day < 0) return undefined;
  // Days 1 to 28 exist in every month of every year: only the rest need a calendar.
  if (month >= 1 && month <= 12 && day >= 1 && day <= 28) {
    if (yearStart === 0 && fifth === DASH) return text;
    return `${text.slice(yearStart, yearStart + 4)}-${two(month)}-${two(day)}`;
  }
  return calendar(year, month, day);
}

/** The number the ASCII digits from `start` to `end` write; `-1` when another character is there. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function two(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

/**
 * A day of the proleptic Gregorian calendar as `yyyy-MM-dd`, or `undefined`: luxon's verdict
 * (the tests hold it to luxon), reckoned here because luxon's first call sets up its locale,
 * about 20 ms that the first import after a start spent in one turn of the host's loop.
 */
function calendarDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const MEMBER_SHAPES: DateShapes = { isoDash: true, isoSlash: true, us: true };
const US_SHAPES: DateShapes = { isoDash: false, isoSlash: false, us: true };
const ISO_SHAPES: DateShapes = { isoDash: true, isoSlash: false, us: false };

/** Member Start Date: `yyyy-MM-dd`, `yyyy/MM/dd` or `M/d/yyyy`. */
export function parseMemberDate(text: string): string | undefined {
  return parseDate(text, MEMBER_SHAPES, calendarDate);
}

/** Matter Start and End Date: `M/d/yyyy` only. */
export function parseUsDate(text: string): string | undefined {
  return parseDate(text, US_SHAPES, calendarDate);
}

/** A stored `yyyy-MM-dd` date, for fields read back from a snapshot. */
export function isIsoDate(text: string): boolean {
  // The year 0000 is in no database's calendar (PostgreSQL refuses it): no stored date has it.
  return parseDate(text, ISO_SHAPES, calendarDate) === text && !text.startsWith("0000");
}

/**
 * {@link parseMemberDate} for one file: days past the 28th, the only ones the calendar is asked about,
 * are remembered, since files repeat month ends.
 */
export function memberDateParser(): (text: string) => string | undefined {
  const calendar = rememberedCalendar();
  return (text) => parseDate(text, MEMBER_SHAPES, calendar);
}

/** {@link parseUsDate} for one file, remembering the calendar's verdicts as {@link memberDateParser}. */
export function usDateParser(): (text: string) => string | undefined {
  const calendar = rememberedCalendar();
  return (text) => parseDate(text, US_SHAPES, calendar);
}

function rememberedCalendar(): (year: number, month: number, day: number) => string | undefined {
  const seen = new Map<number, string | undefined>();
  return (year, month, day) => {
    // Months and days have at most two digits here, years four.
    const key = (year * 100 + month) * 100 + day;
    if (seen.has(key)) return seen.get(key);
    const verdict = calendarDate(year, month, day);
    seen.set(key, verdict);
    return verdict;
  };
}

/** Why {@link parseUsDate} rejected a text, with what a message needs to say how to fix it. */
export type UsDateMistake =
  /**
   * Not `M/d/yyyy` at all. `suggestion` is the same day in `M/d/yyyy` when the text is a real day
   * in an unambiguous other shape (`2026-01-15`, `15.01.2026`) or with a two-digit year taken as
   * this century's (`1/15/26`, which sets `shortYear`).
   */
  | { kind: "shape"; suggestion: string | null; shortYear: boolean }
  /** `M/d/yyyy` with no such month; `swapped` is the text with day and month exchanged when that is a real day. */
  | { kind: "month"; month: number; swapped: string | null }
  /** `M/d/yyyy` with no such day in that month. */
  | { kind: "day"; day: number; month: number; year: number; daysInMonth: number };

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const YEAR_LAST = /^(\d{1,2})[-.](\d{1,2})[-.](\d{4})$/;
const SHORT_YEAR = /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/;

/**
 * Why `text`, which {@link parseUsDate} rejected, is not a matter date. Only failing cells are
 * asked, so this may cost what it likes.
 */
export function usDateMistake(text: string): UsDateMistake {
  const us = US.exec(text);
  if (us === null) {
    const short = SHORT_YEAR.exec(text);
    if (short === null) return { kind: "shape", suggestion: sameDayAsUs(text), shortYear: false };
    const [, month, day, year] = short.map(Number) as [number, number, number, number];
    const suggestion =
      calendarDate(2000 + year, month, day) === undefined ? null : `${month}/${day}/20${short[3]}`;
    return { kind: "shape", suggestion, shortYear: true };
  }
  const month = Number(us[1]);
  const day = Number(us[2]);
  const year = Number(us[3]);
  if (month < 1 || month > 12) {
    const swapped =
      calendarDate(year, day, month) === undefined ? null : `${day}/${month}/${us[3]}`;
    return { kind: "month", month, swapped };
  }
  return { kind: "day", day, month, year, daysInMonth: daysInMonth(year, month) };
}

/** The day another shape names, written `M/d/yyyy`; `null` when the shape is ambiguous or no day. */
function sameDayAsUs(text: string): string | null {
  let year: string | undefined;
  let month: number;
  let day: number;
  const yearFirst = YEAR_FIRST.exec(text);
  const yearLast = YEAR_LAST.exec(text);
  if (yearFirst !== null) {
    [, year] = yearFirst;
    month = Number(yearFirst[2]);
    day = Number(yearFirst[3]);
  } else if (yearLast !== null) {
    const first = Number(yearLast[1]);
    const second = Number(yearLast[2]);
    // 01.02.2026 is the 1st of February in much of the world and January 2nd in the US.
    if (first <= 12 && second <= 12) return null;
    [month, day] = first > 12 ? [second, first] : [first, second];
    year = yearLast[3];
  } else return null;
  return calendarDate(Number(year), month, day) === undefined ? null : `${month}/${day}/${year}`;
}
