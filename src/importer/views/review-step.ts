import { h } from "../dom";
import type { ViewContext } from "../view-context";

/** What the import would create and update, from the summary the server answers with. */
export function reviewStep({ state, strings }: ViewContext): HTMLElement {
  const report = state.report;
  if (report === null) return h("p", {}, strings.checking);
  if (report.kind === "matters")
    return h("p", { part: "review" }, strings.reviewMatters(report.validRows));
  if (report.review === null)
    return h("p", { part: "review" }, strings.reviewWithoutPlan(report.validRows));
  return h(
    "div",
    {},
    h("p", {}, strings.reviewIntro),
    h(
      "ul",
      { part: "review" },
      h("li", { "data-count": "created" }, strings.reviewCreated(report.review.createdCount)),
      h("li", { "data-count": "updated" }, strings.reviewUpdated(report.review.updatedCount)),
      h("li", { "data-count": "absent" }, strings.reviewAbsent(report.review.absentCount)),
    ),
  );
}
