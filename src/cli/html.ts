/** Text as it may stand in HTML, in an element or a quoted attribute: `&<>"'` as character references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The sandbox pages' sign-in fields: the organization (one option per short name), the email
 * (with `exampleEmail` as its placeholder when given) and the password.
 */
export function loginFieldsHtml(
  organizations: readonly string[],
  exampleEmail: string | undefined,
): string {
  const options = organizations
    .map((name) => `<option value="${escapeHtml(name)}">${escapeHtml(name)}</option>`)
    .join("");
  const placeholder =
    exampleEmail === undefined ? "" : ` placeholder="${escapeHtml(exampleEmail)}"`;
  return `<label>Organization<select name="org">${options}</select></label>
<label>Email<input name="email" type="email" autocomplete="username" required${placeholder}></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>`;
}
