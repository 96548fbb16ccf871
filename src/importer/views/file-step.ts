import { h } from "../dom";
import type { ViewContext } from "../view-context";

/** Choose or drop a file; its size is checked before a byte of it is read. */
export function fileStep({ state, strings, actions, id }: ViewContext): HTMLElement {
  const input = h("input", {
    type: "file",
    id: id("file"),
    accept: ".csv,text/csv",
    part: "file-input",
  });
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    if (file !== undefined) actions.chooseFile(file);
  });
  const zone = h(
    "div",
    { class: "drop", part: "drop-zone" },
    h("label", { for: id("file") }, strings.chooseFile),
    input,
    h("p", { class: "hint" }, strings.dropHint),
  );
  zone.addEventListener("dragover", (event) => {
    event.preventDefault();
    zone.classList.add("over");
  });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    const file = event.dataTransfer?.files[0];
    if (file !== undefined) actions.chooseFile(file);
  });
  return h(
    "div",
    {},
    zone,
    state.file !== null && state.fileError === null
      ? h("p", { part: "file-name" }, strings.fileChosen(state.file.name, state.file.size))
      : null,
    state.fileError !== null
      ? h("p", { class: "error", part: "file-error", role: "alert" }, state.fileError)
      : null,
  );
}
