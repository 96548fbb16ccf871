import { type MessageKey, type MessageParams, renderMessage } from "../messages/catalog";
import type { PartialMessageCatalog } from "../messages/types";

/** The account message keys (`account.<code>.<rule>`). */
export type AccountMessageKey = Extract<MessageKey, `account.${string}`>;

/** Why an account operation refused, one code per kind of problem. */
export type AccountErrorCode = AccountMessageKey extends `account.${infer Code}.${string}`
  ? Code
  : never;

/**
 * A refusal of an account service: its code, the catalog key of the rule it broke (so a host can
 * translate it), and the message in the catalog's words.
 */
export interface AccountError {
  code: AccountErrorCode;
  /** The catalog key, `account.<code>.<rule>`. */
  rule: AccountMessageKey;
  message: string;
}

/** An account service's answer: what it did, or the one reason it refused (nothing written). */
export type AccountOutcome<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; error: AccountError };

/** The refusal for `rule`, its message from `messages` or in English. */
export function accountError<K extends AccountMessageKey>(
  rule: K,
  params: MessageParams[K],
  messages?: PartialMessageCatalog,
): AccountError {
  const code = rule.split(".")[1] as AccountErrorCode;
  return { code, rule, message: renderMessage(messages, rule, params) };
}

/** `{ ok: false, error }` for `rule`. */
export function refused<K extends AccountMessageKey>(
  rule: K,
  params: MessageParams[K],
  messages?: PartialMessageCatalog,
): { ok: false; error: AccountError } {
  return { ok: false, error: accountError(rule, params, messages) };
}
