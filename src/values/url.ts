import isURL from "validator/lib/isURL.js";

/**
 * Bio Link: a syntactically valid web address. Only http and https are accepted, with or
 * without the scheme written, so a link can never carry `javascript:` or `data:`.
 */
export function isWebUrl(text: string): boolean {
  return isURL(text, { protocols: ["http", "https"] });
}
