import isEmail from "validator/lib/isEmail.js";

/**
 * ASCII addresses that validator's `isEmail` (default options) certainly accepts: dot-separated
 * atoms of its allowed local-part characters, then labels of letters, digits and inner hyphens
 * ending in an alphabetic top-level domain. Anything else is left to `isEmail` itself.
 */
const PLAIN_ADDRESS =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
const LONG_LABEL = /[A-Za-z0-9-]{64}/;

/**
 * The spec's "well-formed address", exactly as validator's `isEmail` with its default options
 * decides it. Common addresses take a cheaper path that can only ever agree with it (a property
 * test compares the two on generated addresses).
 */
export function isWellFormedEmail(text: string): boolean {
  return isPlainAddress(text) || isEmail(text);
}

function isPlainAddress(text: string): boolean {
  if (text.length > 254 || !PLAIN_ADDRESS.test(text)) return false;
  const at = text.indexOf("@");
  return at <= 64 && !LONG_LABEL.test(text.slice(at + 1));
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
