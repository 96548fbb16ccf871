import { DateTime } from "luxon";

const ISO_DASH = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_SLASH = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A calendar date in one of the given shapes, as `yyyy-MM-dd`; `undefined` when the text has
 * another shape or names a day that does not exist (2/30/2024).
 */
function parseDate(text: string, shapes: readonly DateShape[]): string | undefined {
  for (const shape of shapes) {
    const match = shape.pattern.exec(text);
    if (match === null) continue;
    const [year, month, day] = shape.order.map((group) => Number(match[group]));
    const date = DateTime.fromObject({ year, month, day }, { zone: "utc" });
    return date.isValid ? (date.toISODate() ?? undefined) : undefined;
  }
  return undefined;
}

interface DateShape {
  pattern: RegExp;
  /** Regex groups holding year, month and day. */
  order: readonly [number, number, number];
}

const YYYY_MM_DD: DateShape = { pattern: ISO_DASH, order: [1, 2, 3] };
const YYYY_SLASH_MM_DD: DateShape = { pattern: ISO_SLASH, order: [1, 2, 3] };
const M_D_YYYY: DateShape = { pattern: US, order: [3, 1, 2] };

/** Member Start Date: `yyyy-MM-dd`, `yyyy/MM/dd` or `M/d/yyyy`. */
export function parseMemberDate(text: string): string | undefined {
  return parseDate(text, [YYYY_MM_DD, YYYY_SLASH_MM_DD, M_D_YYYY]);
}

/** Matter Start and End Date: `M/d/yyyy` only. */
export function parseUsDate(text: string): string | undefined {
  return parseDate(text, [M_D_YYYY]);
}

/** A stored `yyyy-MM-dd` date, for fields read back from a snapshot. */
export function isIsoDate(text: string): boolean {
  return parseDate(text, [YYYY_MM_DD]) === text;
}
