import { escapeHtml } from "./layout";

/** The id of a page's one error message, which the fields it concerns point to. */
export const ERROR_ID = "form-error";

/** One labelled input of a form. */
export interface FieldSpec {
  name: string;
  label: string;
  type: "email" | "password" | "text";
  autocomplete: "email" | "current-password" | "new-password" | "one-time-code";
  /** The value shown (escaped); none by default, and never for a password. */
  value?: string;
  /** Not `required` (the label should say when it is needed). */
  optional?: boolean;
  /** A short hint under the input, tied to it by `aria-describedby`. */
  hint?: string;
  /** The page's error concerns this field: `aria-invalid`, and described by the error. */
  invalid?: boolean;
  /** Digits only: a numeric keyboard and pattern (the MFA code). */
  digits?: boolean;
}

/** The field as a `<div>`: its `<label for>`, its input, its hint. */
export function field(spec: FieldSpec): string {
  const id = `field-${spec.name}`;
  const described = [
    ...(spec.invalid === true ? [ERROR_ID] : []),
    ...(spec.hint === undefined ? [] : [`${id}-hint`]),
  ];
  const attributes = [
    `id="${id}"`,
    `name="${escapeHtml(spec.name)}"`,
    `type="${spec.type}"`,
    `autocomplete="${spec.autocomplete}"`,
    ...(spec.optional === true ? [] : ["required"]),
    ...(spec.value === undefined ? [] : [`value="${escapeHtml(spec.value)}"`]),
    ...(spec.digits === true ? ['inputmode="numeric"', 'pattern="[0-9 ]*"', 'maxlength="8"'] : []),
    ...(described.length === 0 ? [] : [`aria-describedby="${described.join(" ")}"`]),
    ...(spec.invalid === true ? ['aria-invalid="true"'] : []),
  ];
  const hint =
    spec.hint === undefined ? "" : `\n<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>`;
  return `<div class="field"><label for="${id}">${escapeHtml(spec.label)}</label>
<input ${attributes.join(" ")}>${hint}</div>`;
}

/** The page's error, announced when it appears (`role="alert"`); empty without one. */
export function errorNote(message: string | undefined): string {
  return message === undefined
    ? ""
    : `<p class="error" id="${ERROR_ID}" role="alert">${escapeHtml(message)}</p>\n`;
}

/** A hidden input carrying `value` back with the form. */
export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** A form posting to `action` (relative to the page), its parts and its submit button. */
export function form(action: string, parts: readonly string[], submit: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
${parts.join("\n")}
<button type="submit">${escapeHtml(submit)}</button>
</form>`;
}

/** A paragraph of text (escaped). */
export function paragraph(text: string): string {
  return `<p>${escapeHtml(text)}</p>`;
}

/** A paragraph holding one link (both escaped). */
export function linkParagraph(href: string, text: string): string {
  return `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;
}
