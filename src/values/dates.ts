import { DateTime } from "luxon";

const ISO_DASH = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_SLASH = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A calendar date in one of the given shapes, as `yyyy-MM-dd`; `undefined` when the text has
 * another shape or names a day that does not exist (2/30/2024). `calendar` judges the days that
 * not every month has.
 */
function parseDate(
  text: string,
  shapes: readonly DateShape[],
  calendar: (year: number, month: number, day: number) => string | undefined,
): string | undefined {
  for (const shape of shapes) {
    const match = shape.pattern.exec(text);
    if (match === null) continue;
    const [yearGroup, monthGroup, dayGroup] = shape.order;
    const year = Number(match[yearGroup]);
    const month = Number(match[monthGroup]);
    const day = Number(match[dayGroup]);
    // Days 1 to 28 exist in every month of every year: only the rest need a calendar.
    if (month >= 1 && month <= 12 && day >= 1 && day <= 28) {
      return `${match[yearGroup]}-${two(month)}-${two(day)}`;
    }
    return calendar(year, month, day);
  }
  return undefined;
}

function two(value: number): string {
  return value < 10 ? `0${value}` : `${value}`;
}

/** Luxon's verdict on a day, as `yyyy-MM-dd`. */
function luxonDate(year: number, month: number, day: number): string | undefined {
  const date = DateTime.fromObject({ year, month, day }, { zone: "utc" });
  return date.isValid ? (date.toISODate() ?? undefined) : undefined;
}

interface DateShape {
  pattern: RegExp;
  /** Regex groups holding year, month and day. */
  order: readonly [number, number, number];
}

const YYYY_MM_DD: DateShape = { pattern: ISO_DASH, order: [1, 2, 3] };
const YYYY_SLASH_MM_DD: DateShape = { pattern: ISO_SLASH, order: [1, 2, 3] };
const M_D_YYYY: DateShape = { pattern: US, order: [3, 1, 2] };
const MEMBER_SHAPES = [YYYY_MM_DD, YYYY_SLASH_MM_DD, M_D_YYYY];
const US_SHAPES = [M_D_YYYY];

/** Member Start Date: `yyyy-MM-dd`, `yyyy/MM/dd` or `M/d/yyyy`. */
export function parseMemberDate(text: string): string | undefined {
  return parseDate(text, MEMBER_SHAPES, luxonDate);
}

/** Matter Start and End Date: `M/d/yyyy` only. */
export function parseUsDate(text: string): string | undefined {
  return parseDate(text, US_SHAPES, luxonDate);
}

/** A stored `yyyy-MM-dd` date, for fields read back from a snapshot. */
export function isIsoDate(text: string): boolean {
  return parseDate(text, [YYYY_MM_DD], luxonDate) === text;
}

/**
 * {@link parseMemberDate} for one file: days past the 28th, the only ones luxon is asked about,
 * are remembered, since files repeat month ends.
 */
export function memberDateParser(): (text: string) => string | undefined {
  const calendar = rememberedCalendar();
  return (text) => parseDate(text, MEMBER_SHAPES, calendar);
}

/** {@link parseUsDate} for one file, remembering luxon's verdicts as {@link memberDateParser}. */
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
    const verdict = luxonDate(year, month, day);
    seen.set(key, verdict);
    return verdict;
  };
}
