import isEmail from "validator/lib/isEmail.js";

/** Character classes of the plain-address reading, by ASCII code. */
const LOCAL = 1;
const ALNUM = 2;
const ALPHA = 4;
const CLASSES = (() => {
  const classes = new Uint8Array(128);
  for (const character of "!#$%&'*+/=?^_`{|}~-") classes[character.charCodeAt(0)] = LOCAL;
  for (let code = 0x30; code <= 0x39; code++) classes[code] = LOCAL | ALNUM;
  for (let code = 0x41; code <= 0x5a; code++) {
    classes[code] = LOCAL | ALNUM | ALPHA;
    classes[code + 0x20] = LOCAL | ALNUM | ALPHA;
  }
  return classes;
})();

function classOf(code: number): number {
  return code < 128 ? (CLASSES[code] as number) : 0;
}

const DOT = 0x2e;
const AT = 0x40;
const HYPHEN = 0x2d;

/**
 * ASCII addresses that validator's `isEmail` (default options) certainly accepts, at most 254
 * characters: a local part of at most 64, made of dot-separated atoms of its allowed characters,
 * then `@` and two or more dot-separated labels of letters, digits and inner hyphens, shorter
 * than 64, the last alphabetic and at least two long. Anything else is left to `isEmail`
 * itself. One pass over the characters, with no regular expression and no copy of the domain:
 * every member row checks its addresses here.
 */
function isPlainAddress(text: string): boolean {
  const length = text.length;
  if (length > 254) return false;
  let i = 0;
  // Local part: atoms separated by single dots, up to the first `@`.
  let atomStart = 0;
  for (; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === AT) break;
    if (code === DOT) {
      if (i === atomStart) return false;
      atomStart = i + 1;
    } else if ((classOf(code) & LOCAL) === 0) return false;
  }
  if (i === length || i === atomStart || i > 64) return false;
  // Domain: labels separated by single dots; inner hyphens only; the last label letters only.
  let labels = 0;
  let labelStart = i + 1;
  let alphabetic = true;
  for (i = labelStart; i <= length; i++) {
    const code = i === length ? DOT : text.charCodeAt(i);
    if (code === DOT) {
      const size = i - labelStart;
      if (size === 0 || size >= 64) return false;
      if (text.charCodeAt(labelStart) === HYPHEN || text.charCodeAt(i - 1) === HYPHEN) return false;
      labels++;
      if (i === length) return labels >= 2 && alphabetic && size >= 2;
      labelStart = i + 1;
      alphabetic = true;
    } else if (code === HYPHEN) alphabetic = false;
    else {
      const bits = classOf(code);
      if ((bits & ALNUM) === 0) return false;
      if ((bits & ALPHA) === 0) alphabetic = false;
    }
  }
  return false;
}

/**
 * The spec's "well-formed address", exactly as validator's `isEmail` with its default options
 * decides it. Common addresses take a cheaper path that can only ever agree with it (a property
 * test compares the two on generated addresses).
 */
export function isWellFormedEmail(text: string): boolean {
  return isPlainAddress(text) || isEmail(text);
}

/**
 * {@link isWellFormedEmail} for one file: plain addresses take the cheap check every time (most
 * addresses in a file are distinct); the rest are remembered, since `isEmail` is the costly part.
 */
export function emailChecker(): (text: string) => boolean {
  const seen = new Map<string, boolean>();
  return (text) => {
    if (isPlainAddress(text)) return true;
    let verdict = seen.get(text);
    if (verdict === undefined) {
      verdict = isEmail(text);
      seen.set(text, verdict);
    }
    return verdict;
  };
}

/** Case-insensitive identity of an address, the key every email comparison in the spec uses. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
