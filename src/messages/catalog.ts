import { en } from "./en";
import type { MessageKey, MessageParams } from "./params";
import type { MessageCatalog, MessageEntry, MessageRef, PartialMessageCatalog } from "./types";

export type { MessageKey, MessageParams } from "./params";
export type { MessageCatalog, MessageEntry, MessageRef, PartialMessageCatalog } from "./types";

/**
 * The `{name}` placeholders of a template literal type.
 * @inline
 */
type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/**
 * Placeholders of template `E` that key `K` has no parameter for.
 * @inline
 */
type UnknownPlaceholders<K extends MessageKey, E> = E extends string
  ? Exclude<Placeholders<E>, keyof MessageParams[K] & string>
  : never;

/**
 * An entry as written, or a type that names the placeholder its key does not have.
 * @inline
 */
type CheckedEntry<K extends MessageKey, E> = [UnknownPlaceholders<K, E>] extends [never]
  ? E
  : `unknown placeholder {${UnknownPlaceholders<K, E> & string}} for ${K}`;

/**
 * A partial catalog, type-checked: unknown keys, functions reading parameters their key does not
 * have, and template placeholders their key does not have are compile errors. Returns it as is.
 */
export function defineMessages<const C extends PartialMessageCatalog>(
  catalog: C & { [K in keyof C]: K extends MessageKey ? CheckedEntry<K, C[K]> : never },
): C {
  return catalog;
}

/** The English entry of a key (the default of every catalog). */
export const ENGLISH_MESSAGES: MessageCatalog = en;

/** Every key of the catalog. */
export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

/**
 * The message of `key` with `params`: the host's entry when its catalog has the key, English
 * otherwise. Called only for a value that broke a rule, never on a valid file's path.
 */
export function renderMessage<K extends MessageKey>(
  catalog: PartialMessageCatalog | undefined,
  key: K,
  params: MessageParams[K],
): string {
  const own = catalog !== undefined && Object.hasOwn(catalog, key) ? catalog[key] : undefined;
  const entry = (own ?? en[key]) as MessageEntry<MessageParams[K]>;
  return typeof entry === "function" ? entry(params) : fillTemplate(entry, params);
}

/** A template's `{name}` placeholders filled from `params`; an unknown name is left as written. */
export function fillTemplate(template: string, params: object): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = (params as Record<string, unknown>)[name];
    if (Array.isArray(value)) return value.map((item) => String(item ?? "")).join(", ");
    return value === null || value === undefined ? "" : String(value);
  });
}

/**
 * Whether every entry of a catalog is a template (plain data that can be copied to a worker
 * thread); a catalog with a function entry must be used on the thread that holds it.
 */
export function isTemplateCatalog(catalog: PartialMessageCatalog | undefined): boolean {
  if (catalog === undefined) return true;
  return Object.values(catalog).every((entry) => entry === undefined || typeof entry === "string");
}

/** {@link renderMessage} of a {@link MessageRef}. */
export function renderMessageRef(
  catalog: PartialMessageCatalog | undefined,
  ref: MessageRef,
): string {
  return renderMessage(catalog, ref.key, ref.params as never);
}
