import isURL from "validator/lib/isURL.js";

const WEB_URL_OPTIONS = { protocols: ["http", "https"] };

/**
 * Links that validator's `isURL` (with {@link WEB_URL_OPTIONS}) certainly accepts: `http` or
 * `https`, `://`, a host of letter-and-digit labels (inner hyphens, at most 63 characters)
 * ending in an alphabetic top-level domain, then an optional path without whitespace, `<`, `>`,
 * `?` or `#`. Anything else is left to `isURL` itself.
 */
const PLAIN_WEB_URL =
  /^https?:\/\/(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}(?:\/[^\s<>#?]*)?$/;
/** validator's default `max_allowed_length`. */
const MAX_URL_LENGTH = 2084;

/**
 * Bio Link: a syntactically valid web address. Only http and https are accepted, with or
 * without the scheme written, so a link can never carry `javascript:` or `data:`. Exactly
 * validator's `isURL` verdict; common links take a cheaper path that can only agree with it (a
 * property test compares the two on generated links).
 */
export function isWebUrl(text: string): boolean {
  return (
    (text.length <= MAX_URL_LENGTH && PLAIN_WEB_URL.test(text)) || isURL(text, WEB_URL_OPTIONS)
  );
}
