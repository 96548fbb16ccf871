import { fragmentOf, h } from "../dom";
import { savedMappingApplies, unmatchedRequired } from "../mapping-model";
import type { ImporterStrings } from "../strings";
import type { ViewContext } from "../view-context";

/**
 * The header: each cell of the file with a column to choose, rpdi's suggestion, its confidence
 * and reason beside it, and the required columns no cell carries yet.
 */
export function mappingStep({ state, strings, actions, id }: ViewContext): HTMLElement {
  const suggestions = state.suggestions;
  if (suggestions === null) return h("p", { role: "status" }, strings.checking);
  const missing = unmatchedRequired(suggestions, state.choices);
  const rows = suggestions.cells.map((cell, index) => {
    const select = h("select", {
      id: id(`column-${index}`),
      part: "select",
      "aria-describedby": id(`hint-${index}`),
    });
    const chosen = state.choices[index] ?? null;
    const option = (value: string, text: string) => {
      const element = h("option", { value }, text);
      element.selected = (chosen ?? "") === value;
      return element;
    };
    // Each list holds its choice alone until it is focused: 24 lists of 25 options drawn at once
    // held the page's main thread for 60 ms and more.
    select.append(option("", strings.leaveAsWritten));
    if (chosen !== null) select.append(option(chosen, chosen));
    select.addEventListener(
      "focus",
      () => {
        const current = select.value;
        select.replaceChildren(
          option("", strings.leaveAsWritten),
          fragmentOf(suggestions.columns.map((column) => option(column, column))),
        );
        select.value = current;
      },
      { once: true },
    );
    select.addEventListener("change", () =>
      actions.setChoice(index, select.value === "" ? null : select.value),
    );
    const hint =
      cell.column !== null && cell.reason !== null
        ? strings.suggested(
            cell.column,
            Math.round(cell.confidence * 100),
            strings.reasons[cell.reason],
          )
        : strings.noSuggestion;
    return h(
      "tr",
      {},
      h(
        "th",
        { scope: "row" },
        h("label", { for: id(`column-${index}`) }, cell.cell === "" ? "(blank)" : cell.cell),
      ),
      h("td", {}, select),
      h("td", { id: id(`hint-${index}`), class: "hint" }, hint),
    );
  });
  const saved =
    state.savedMapping !== undefined && savedMappingApplies(suggestions, state.savedMapping)
      ? (() => {
          const button = h("button", { type: "button", part: "button" }, strings.useSavedMapping);
          button.addEventListener("click", () => actions.useSavedMapping());
          return h(
            "p",
            {},
            button,
            state.savedApplied
              ? h("span", { class: "hint" }, ` ${strings.savedMappingApplied}`)
              : null,
          );
        })()
      : null;
  return h(
    "div",
    {},
    h("p", {}, strings.mappingIntro),
    saved,
    h(
      "table",
      { part: "mapping-table" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, strings.headerCell),
          h("th", { scope: "col" }, strings.columnChoice),
          h("th", { scope: "col" }, ""),
        ),
      ),
      h("tbody", {}, fragmentOf(rows)),
    ),
    h("p", { class: requiredClass(missing), part: "required" }, requiredWords(strings, missing)),
    state.remapMessage !== null
      ? h("p", { class: "error", role: "alert", part: "remap-error" }, state.remapMessage)
      : null,
  );
}

/** The required-columns line's class: whether any is left unmatched. */
export function requiredClass(missing: readonly string[]): string {
  return missing.length > 0 ? "error" : "ok";
}

/** The required-columns line's words. */
export function requiredWords(strings: ImporterStrings, missing: string[]): string {
  return missing.length > 0 ? strings.requiredUnmatched(missing) : strings.allRequiredMatched;
}
