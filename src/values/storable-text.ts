import { holdsNul } from "./nul";

/** A UTF-16 surrogate without its pair: text a database turns into U+FFFD. */
export const LONE_SURROGATE =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether every store keeps `text` exactly as given: no NUL (PostgreSQL text refuses it) and no
 * lone surrogate (sent to a database as UTF-8 it becomes U+FFFD).
 */
export function isStorableText(text: string): boolean {
  return !holdsNul(text) && !LONE_SURROGATE.test(text);
}

/**
 * The paths of the strings in `value` (a JSON-shaped record: objects, arrays, primitives) that
 * {@link isStorableText} refuses, object keys included, each after `prefix`.
 */
export function unstorableTextPaths(
  value: unknown,
  prefix: readonly (string | number)[] = [],
): (string | number)[][] {
  const found: (string | number)[][] = [];
  const path: (string | number)[] = prefix.slice();
  const visit = (node: unknown) => {
    if (typeof node === "string") {
      if (!isStorableText(node)) found.push(path.slice());
    } else if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        path.push(index);
        visit(node[index]);
        path.pop();
      }
    } else if (typeof node === "object" && node !== null) {
      for (const key of Object.keys(node)) {
        path.push(key);
        if (!isStorableText(key)) found.push(path.slice());
        visit((node as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  };
  visit(value);
  return found;
}
