import type { CustomField, CustomFieldAnswer } from "../domain/feed";
import { isIsoDate } from "../values/dates";

/**
 * Why `answer` cannot be stored for the organization's `fields`, or `null`: its question must be
 * one of them, and its value of the question's type (text for free text, single-select and
 * monetary amounts; a `yyyy-MM-dd` date; a finite number; a boolean; a list of options for
 * multi-select) or `null`.
 */
export function answerProblem(
  answer: CustomFieldAnswer,
  fields: ReadonlyMap<string, CustomField>,
): { field: "customFieldId" | "value"; message: string } | null {
  const field = fields.get(answer.customFieldId);
  if (field === undefined)
    return { field: "customFieldId", message: "is no custom field of the organization" };
  const value = answer.value;
  if (value === null) return null;
  const fits = (() => {
    switch (field.type) {
      case "DATE":
        return typeof value === "string" && isIsoDate(value);
      case "NUMERIC":
        return typeof value === "number" && Number.isFinite(value);
      case "BOOLEAN":
        return typeof value === "boolean";
      case "MULTI_SELECT":
        return Array.isArray(value);
      default:
        return typeof value === "string";
    }
  })();
  return fits ? null : { field: "value", message: `is no ${field.type} answer` };
}
