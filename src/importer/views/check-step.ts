import { h } from "../dom";
import type { CellList } from "../protocol";
import type { ViewContext } from "../view-context";
import { problemsLeft } from "../wire-report";

/**
 * The check and the fixes: the spec's file error, or its cell errors in the grid to edit in place.
 * The server's 400 answer to a submit is shown by the same function, so both look alike.
 */
export function problemsView(
  context: ViewContext,
  fileMessage: string | null,
  cells: CellList,
): HTMLElement {
  const { strings, grid } = context;
  if (fileMessage !== null)
    return h(
      "div",
      { part: "file-error-box" },
      h("p", { class: "error-heading" }, strings.fileErrorHeading),
      h("p", { class: "error", part: "file-error" }, fileMessage),
    );
  grid.setCells(cells);
  return h(
    "div",
    {},
    h("p", { part: "summary" }, strings.checkFailed(cells.length)),
    grid.help(),
    grid.element,
  );
}

/** The check step: checking, passed, or what to fix. */
export function checkStep(context: ViewContext): HTMLElement {
  const { state, strings } = context;
  const report = state.report;
  if (report === null) return h("p", {}, strings.checking);
  if (problemsLeft(report) === 0)
    return h("p", { class: "ok", part: "summary" }, strings.checkPassed(report.validRows));
  return problemsView(context, report.fileMessage, report.cells);
}
