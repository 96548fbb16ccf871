/** Text as it may stand in HTML, in an element or a quoted attribute: `&<>"'` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** `<option>`s of `values`, each its own value and label (the sandbox pages' organization lists). */
export function optionsHtml(values: readonly string[]): string {
  return values
    .map((value) => `<option value="${escapeHtml(value)}">${escapeHtml(value)}</option>`)
    .join("");
}

/** A ` placeholder="…"` attribute holding `text`, or nothing without it. */
export function placeholderAttribute(text: string | undefined): string {
  return text === undefined ? "" : ` placeholder="${escapeHtml(text)}"`;
}
