import { MATTER_HEADERS, type MatterHeader } from "../domain/headers";
import type { PartialMessageCatalog } from "../messages/catalog";
import { emailKey } from "../values/email";
import { parseHours } from "../values/hours";
import { fitsLength } from "../values/text";
import type { MatterCellReason } from "./problems";
import { dateReason, hoursReason, notPerformMemberReason, tooLongReason } from "./reasons";

/** What matter column rules read: the organization's Perform members, by lower-cased address. */
export interface MatterRuleContext {
  /**
   * Stored spelling by lower-cased address. It may also map stored spellings as written to the
   * same answer, so a file that copies them needs no lower-casing.
   */
  performMembers: ReadonlyMap<string, string>;
  /** `parseUsDate`, for this file (see `usDateParser`). */
  usDate: (text: string) => string | undefined;
  /** The host's words for the reasons' messages; English for every key it leaves out. */
  messages?: PartialMessageCatalog;
}

/**
 * One column of the matter CSV. The validators' wire body names only the column; `explain` gives
 * the reason beside it.
 */
export interface MatterColumn<T> {
  header: MatterHeader;
  required: boolean;
  description: string;
  /** Parses a non-blank, trimmed cell; `undefined` when the value breaks the column's rule. */
  parse: (text: string, context: MatterRuleContext) => T | undefined;
  /** Why `parse` rejected `text`: asked only for failing cells. */
  explain: (text: string, context: MatterRuleContext) => MatterCellReason;
}

function column<T>(definition: MatterColumn<T>): MatterColumn<T> {
  return definition;
}

function limited(header: MatterHeader, required: boolean, limit: number, description: string) {
  return column<string>({
    header,
    required,
    description,
    parse: (text) => (fitsLength(text, limit) ? text : undefined),
    explain: (text, context) => tooLongReason(header, text, limit, context.messages),
  });
}

function performMember(header: MatterHeader) {
  return column<string>({
    header,
    required: true,
    description: "Required. The email of an existing Perform member (case-insensitive).",
    // The member's stored spelling, so a re-upload in other case changes nothing.
    parse: (text, context) =>
      context.performMembers.get(text) ?? context.performMembers.get(emailKey(text)),
    explain: (text, context) => notPerformMemberReason(header, text, context.messages),
  });
}

function date(header: MatterHeader) {
  return column<string>({
    header,
    required: false,
    description: "Optional. M/d/yyyy; blank is stored as no date.",
    parse: (text, context) => context.usDate(text),
    explain: (text, context) => dateReason(header, text, context.messages),
  });
}

/** The matter CSV's column catalogue; cross-row rules live in the rule sets. */
export const MATTER_COLUMNS = {
  // The spec sets Matter ID no length limit.
  matterId: limited(
    "Matter ID",
    true,
    Number.POSITIVE_INFINITY,
    "Required. With Client Name, identifies the client matter.",
  ),
  matterName: limited(
    "Matter Name",
    true,
    255,
    "Required, at most 255 characters; the same on every row of a client matter.",
  ),
  attorneyEmail: performMember("Attorney Email"),
  billingAttorneyEmail: performMember("Billing Attorney Email"),
  startDate: date("Start Date"),
  endDate: date("End Date"),
  hoursBilled: column<number>({
    header: "Hours Billed",
    required: true,
    description:
      "Required. 0 to 999999.99, at most two decimals; a period separates decimals and commas may group thousands.",
    parse: parseHours,
    explain: (text, context) => hoursReason("Hours Billed", text, context.messages),
  }),
  clientName: limited("Client Name", true, 255, "Required, at most 255 characters."),
  description: limited(
    "Description",
    false,
    500,
    "Optional, at most 500 characters; the same on every row of a client matter.",
  ),
} as const;

/** A key of {@link MATTER_COLUMNS}. */
export type MatterField = keyof typeof MATTER_COLUMNS;
/** The matter catalogue's fields, in the spec's header order. */
export const MATTER_FIELDS = Object.keys(MATTER_COLUMNS) as MatterField[];

/** The headers a matter file must carry, in the spec's order. */
export const REQUIRED_MATTER_HEADERS = MATTER_FIELDS.filter(
  (field) => MATTER_COLUMNS[field].required,
).map((field) => MATTER_COLUMNS[field].header);

/** Each header's position in the spec's order, the order `columnsWithErrors` uses. */
export const MATTER_HEADER_INDEX = Object.fromEntries(
  MATTER_HEADERS.map((header, index) => [header, index]),
) as Record<MatterHeader, number>;
