/**
 * The password rules of ASVS 5.0 V6.2, as pure functions: no I/O, no clock, and no input makes
 * them throw.
 *
 * - A password is normalized with {@link normalizePassword} (Unicode NFC, RFC 8265's OpaqueString
 *   profile) when it is set and when it is checked at login, and never trimmed nor truncated.
 * - Its length is counted in code points of that form: at least 8 (6.2.1), up to 128, so that
 *   64 and more are allowed (6.2.9).
 * - No composition rule: no class of character is required (6.2.5).
 * - It is refused when it is among the most common passwords of breach corpora (6.2.4), or when it
 *   contains a word of the organization's names or of the member's own address (6.2.11).
 */
import type { MessageParams } from "../messages/catalog";
import { COMMON_PASSWORDS } from "./common-passwords.generated";

/** The length limits, in code points after {@link normalizePassword}. */
export const PASSWORD_POLICY_DEFAULTS = { minLength: 8, maxLength: 128 } as const;

/** The shortest word of a name or an address that a password may not contain. */
const OWN_WORD_MIN_LENGTH = 4;

/** What a password is checked against, besides the rules themselves. */
export interface PasswordContext {
  /** The organization's name and short name, as the caller has them. */
  organizationWords: readonly string[];
  /** The member's email address. */
  email: string;
  /** At least this many code points; {@link PASSWORD_POLICY_DEFAULTS} by default. */
  minLength?: number;
  /** At most this many code points; {@link PASSWORD_POLICY_DEFAULTS} by default. */
  maxLength?: number;
}

/**
 * The password rules' message keys.
 * @inline
 */
type WeakPasswordKey =
  | "account.WEAK_PASSWORD.tooShort"
  | "account.WEAK_PASSWORD.tooLong"
  | "account.WEAK_PASSWORD.common"
  | "account.WEAK_PASSWORD.ownWords";

/** The rule a password broke, as a message key of the catalog, and that message's parameters. */
export type PasswordRefusal = {
  [K in WeakPasswordKey]: { rule: K; params: MessageParams[K] };
}[WeakPasswordKey];

/**
 * `password` in the form it is hashed and compared in: Unicode NFC (RFC 8265 OpaqueString). Not
 * trimmed, not truncated; the same at set and at login. Anything but a string gives "".
 */
export function normalizePassword(password: string): string {
  return typeof password === "string" ? password.normalize("NFC") : "";
}

/**
 * The first rule `password` breaks, in the order tooShort, tooLong, common, ownWords; null when it
 * breaks none.
 */
export function checkPassword(password: string, context: PasswordContext): PasswordRefusal | null {
  const normalized = normalizePassword(password);
  const minimum = limit(context?.minLength, PASSWORD_POLICY_DEFAULTS.minLength);
  const maximum = limit(context?.maxLength, PASSWORD_POLICY_DEFAULTS.maxLength);
  const length = codePoints(normalized);
  if (length < minimum)
    return { rule: "account.WEAK_PASSWORD.tooShort", params: { minimum, length } };
  if (length > maximum)
    return { rule: "account.WEAK_PASSWORD.tooLong", params: { maximum, length } };
  const folded = foldCase(normalized);
  if (commonPasswords().has(folded)) return { rule: "account.WEAK_PASSWORD.common", params: {} };
  const word = containedOwnWord(folded, context);
  if (word !== undefined) return { rule: "account.WEAK_PASSWORD.ownWords", params: { word } };
  return null;
}

/** `value` when it is a number (not NaN), else `fallback`. */
function limit(value: unknown, fallback: number): number {
  return typeof value === "number" && !Number.isNaN(value) ? value : fallback;
}

/** How many code points `text` has (a lone surrogate counts as one). */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Lower case, in NFC again (lower-casing may decompose: "İ" gives "i" and a combining dot). */
function foldCase(text: string): string {
  return text.toLowerCase().normalize("NFC");
}

let common: ReadonlySet<string> | undefined;

/** The common-password list as a set, split on the first check, not on import. */
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(COMMON_PASSWORDS.split("\n"));
  return common;
}

/**
 * The longest word (the first of equal length) of the organization's names or of the address that
 * the folded password contains.
 */
function containedOwnWord(folded: string, context: PasswordContext): string | undefined {
  let found: string | undefined;
  for (const word of ownWords(context)) {
    if (folded.includes(word) && (found === undefined || word.length > found.length)) found = word;
  }
  return found;
}

/**
 * The words, folded, of the organization's names and of the address: its local part and its
 * domain's labels but the last (the top-level domain), split on every character that is not a
 * letter nor a digit (nor a combining mark, part of the letter before it in many scripts), those
 * of at least {@link OWN_WORD_MIN_LENGTH} code points.
 */
function ownWords(context: PasswordContext): string[] {
  const names = Array.isArray(context?.organizationWords) ? context.organizationWords : [];
  const email = typeof context?.email === "string" ? context.email : "";
  const at = email.lastIndexOf("@");
  const local = at === -1 ? email : email.slice(0, at);
  const labels =
    at === -1
      ? []
      : email
          .slice(at + 1)
          .split(".")
          .slice(0, -1);
  const words = new Set<string>();
  for (const text of [...names, local, ...labels]) {
    if (typeof text !== "string") continue;
    for (const word of foldCase(text.normalize("NFC")).split(/[^\p{L}\p{M}\p{N}]+/u)) {
      if (codePoints(word) >= OWN_WORD_MIN_LENGTH) words.add(word);
    }
  }
  return [...words];
}
