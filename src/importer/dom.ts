/** Attributes of {@link h}: strings and numbers are set, `false`, `null` and `undefined` left out, `true` set empty. */
export type Attributes = Record<string, string | number | boolean | null | undefined>;

/**
 * An element with its attributes and children, text always as text (never parsed as markup): a
 * file's cells and the server's messages are shown as written.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) element.append(child);
  return element;
}

/**
 * `nodes` as one fragment, to append as a single child: spreading an unbounded list into a call's
 * arguments can overflow the stack (a header of many thousand cells, say).
 */
export function fragmentOf(nodes: Iterable<Node>): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of nodes) fragment.append(node);
  return fragment;
}
