/** Text as it may stand in HTML, in an element or a quoted attribute: `&<>"'` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
