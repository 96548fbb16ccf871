import type { MessageKey, MessageParams } from "./params";

/**
 * One message: a template whose `{name}` placeholders take the parameters of its key (arrays
 * joined with ", "), or a function of them. Templates are plain data, so they also reach the
 * HTTP binding's worker threads; a function cannot cross to a thread (see `docs/messages.md`).
 */
export type MessageEntry<P> = string | ((params: P) => string);

/** Every message of member and matter errors, by key (`<scope>.<error type>.<rule>`). */
export type MessageCatalog = { [K in MessageKey]: MessageEntry<MessageParams[K]> };

/**
 * A host's messages, a subset of the keys or all of them; every key it leaves out is said in English. Unknown
 * keys and functions reading unknown parameters are type errors; `defineMessages` also
 * checks the placeholders of templates.
 */
export type PartialMessageCatalog = { readonly [K in MessageKey]?: MessageEntry<MessageParams[K]> };

/** A key with its parameters: a message not yet said, as plain data. */
export type MessageRef = { [K in MessageKey]: { key: K; params: MessageParams[K] } }[MessageKey];
