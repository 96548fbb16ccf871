import { memberBodyCells } from "../body-cells";
import { h } from "../dom";
import { acceptedWords } from "../submit";
import type { ViewContext } from "../view-context";
import { problemsView } from "./check-step";

/** Submit, then the server's answer: its 200 summary, or its 400 body rendered as the check renders its own. */
export function doneStep(context: ViewContext): HTMLElement {
  const { state, strings, actions } = context;
  const answer = state.answer;
  const submit = h(
    "button",
    { type: "button", part: "button primary", disabled: state.submitting },
    state.submitting ? strings.submitting : strings.submit,
  );
  submit.addEventListener("click", () => actions.submit());
  const again = h("button", { type: "button", part: "button" }, strings.startAgain);
  again.addEventListener("click", () => actions.restart());
  if (state.handedOff)
    return h("div", {}, h("p", { part: "answer" }, strings.submittedEvent), again);
  if (answer === null) return h("div", {}, submit);
  if (answer.ok)
    return h(
      "div",
      {},
      h(
        "p",
        { class: "ok", part: "answer", "data-status": answer.status },
        acceptedWords(strings, answer.status, answer.body),
      ),
      again,
    );
  if ("body" in answer)
    return h(
      "div",
      { "data-status": answer.status },
      h("p", { class: "error", part: "answer" }, strings.serverRefused),
      problemsView(
        context,
        answer.body.fileError?.message ?? null,
        memberBodyCells(answer.body, () => false),
      ),
      submit,
    );
  return h(
    "div",
    { "data-status": answer.status ?? "" },
    h("p", { class: "error", part: "answer" }, strings.serverFailed(answer.message)),
    submit,
  );
}
