import isEmail from "validator/lib/isEmail.js";

/** The spec's "well-formed address", as validator's `isEmail` with its default options decides it. */
export function isWellFormedEmail(text: string): boolean {
  return isEmail(text);
}

/** Case-insensitive identity of an address, the key every email comparison in the spec uses. */
export function emailKey(email: string): string {
  return email.toLowerCase();
}
