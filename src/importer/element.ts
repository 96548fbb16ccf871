import { PRODUCTS, type Product } from "../domain/products";
import type { MatterValidationResult } from "../matters/result";
import type { MemberValidationResult } from "../members/result";
import type { PartialMessageCatalog } from "../messages/types";
import { fragmentOf, h } from "./dom";
import { ErrorGrid } from "./error-grid";
import { MAX_FILE_BYTES } from "./file-limit";
import { applySaved, initialChoices, mappingOf, unmatchedRequired } from "./mapping-model";
import type { CellError, CheckReport, ImporterContext, ImportKind } from "./protocol";
import {
  canAdvance,
  canGo,
  IMPORT_STEPS,
  type ImportStep,
  nextStep,
  previousStep,
  type StepFacts,
} from "./steps";
import { type ImporterStrings, importerStrings } from "./strings";
import { IMPORTER_CSS } from "./styles";
import {
  acceptedWords,
  type ImporterClient,
  type SubmitAnswer,
  submitThroughClient,
} from "./submit";
import type { ImporterActions, ImporterState, ViewContext } from "./view-context";
import { checkStep } from "./views/check-step";
import { doneStep } from "./views/done-step";
import { fileStep } from "./views/file-step";
import { kindStep } from "./views/kind-step";
import { mappingStep, requiredClass, requiredWords } from "./views/mapping-step";
import { reviewStep } from "./views/review-step";
import { allCells, fromWire, problemsLeft } from "./wire-report";
import { type ImporterWorker, startImporterWorker } from "./worker-client";

/** `rpdi-import-submit`'s detail: the file as it passed the check, header mapped and cells fixed. */
export interface ImportSubmitDetail {
  kind: ImportKind;
  product: Product;
  reviewCycleId: string | null;
  fileName: string;
  /** The CSV's bytes, ready for the import endpoint. */
  bytes: Uint8Array;
}

/** `rpdi-import-mapping`'s detail: the header mapping the person confirmed, to save for next time. */
export interface ImportMappingDetail {
  kind: ImportKind;
  mapping: Record<string, string>;
}

/** `rpdi-import-result`'s detail: what the server answered a submit made through the client. */
export type ImportResultDetail = SubmitAnswer;

/** The host's saved header mappings (cell → column), by kind of file. */
export type SavedMappings = Partial<Record<ImportKind, Readonly<Record<string, string>>>>;

let elements = 0;

/**
 * `<rpdi-importer>`: an admin's import screen, checking a member or matter file with the rules
 * the server applies, in a module worker. Attributes: `kind` (`members` or `matters`, chosen
 * for the person), `product` (the member file's product),
 * `review-cycle-id` (where matters go), `rule-set` (`upsert`, default, or `legacy`). Properties:
 * `context` (what the rules read), `client` (posts the file; without it the element fires
 * `rpdi-import-submit`), `messages` (the spec's messages in the host's words, templates only),
 * `strings` (the element's own words), `savedMappings`, `workerUrl`.
 */
export class RpdiImporter extends HTMLElement {
  static readonly observedAttributes = ["product", "kind"];

  /** The organization and members (a member file), or the Perform addresses (a matter file). */
  context: ImporterContext | undefined;
  /** An `rpdi/client` instance, or anything with its `members.importCsv` and `matters.upsert`. */
  client: ImporterClient | undefined;
  /** The host's header mappings, offered in the header step. */
  savedMappings: SavedMappings | undefined;
  /** Where the worker is, when a bundler moved it away from `importer-worker.js` beside this module. */
  workerUrl: string | URL | undefined;

  #messages: PartialMessageCatalog | undefined;
  #strings: ImporterStrings = importerStrings(undefined);
  #worker: ImporterWorker | null = null;
  #root: ShadowRoot;
  #panel: HTMLElement;
  #nav: HTMLElement;
  #status: HTMLElement;
  #grid: ErrorGrid;
  #prefix = `rpdi-importer-${++elements}`;
  #choicesFor: string | null = null;
  #checkRun = 0;
  #state: ImporterState = {
    step: "file",
    file: null,
    fileError: null,
    kind: null,
    product: "PERFORM",
    suggestions: null,
    choices: [],
    savedMapping: undefined,
    savedApplied: false,
    remapMessage: null,
    checking: false,
    report: null,
    submitting: false,
    answer: null,
    handedOff: false,
  };

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    const style = adoptStyle(this.#root);
    this.#nav = h("nav", { "aria-label": this.#strings.stepsLabel });
    this.#status = h("div", {
      role: "status",
      "aria-live": "polite",
      class: "visually-hidden",
      part: "status",
    });
    this.#panel = h("section", { part: "panel" });
    this.#grid = this.#newGrid();
    this.#root.append(
      fragmentOf(style),
      h(
        "div",
        { part: "importer" },
        h("h2", { part: "title" }, this.#strings.title),
        this.#nav,
        this.#status,
        this.#panel,
      ),
    );
  }

  /** The spec's messages in the host's words (`defineMessages`); template entries reach the worker. */
  get messages(): PartialMessageCatalog | undefined {
    return this.#messages;
  }
  set messages(catalog: PartialMessageCatalog | undefined) {
    this.#messages = catalog;
  }

  /** The element's own words, any subset; English for the rest. */
  set strings(own: Partial<ImporterStrings> | undefined) {
    this.#strings = importerStrings(own);
    this.#grid = this.#newGrid();
    this.#render(false);
  }
  get strings(): ImporterStrings {
    return this.#strings;
  }

  /** The step shown. */
  get step(): ImportStep {
    return this.#state.step;
  }

  /** The last check's body, exactly as the server would answer for these bytes (`null` before a check or when a member file passed). */
  get result(): MemberValidationResult | MatterValidationResult | null {
    return this.#state.report?.result ?? null;
  }

  /** The last check's cell errors, as the grid lists them. */
  get errors(): readonly CellError[] {
    const report = this.#state.report;
    return report === null ? [] : allCells(report.cells);
  }

  /** The last check's whole answer, or `null`. */
  get report(): CheckReport | null {
    return this.#state.report;
  }

  connectedCallback(): void {
    for (const name of ["product", "kind"]) this.#takeAttribute(name, this.getAttribute(name));
    this.#render(false);
  }

  disconnectedCallback(): void {
    this.#worker?.terminate();
    this.#worker = null;
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (this.#takeAttribute(name, value) && this.isConnected) this.#render(false);
  }

  /** Takes a valid `kind` or `product` attribute into the state; answers whether it did. */
  #takeAttribute(name: string, value: string | null): boolean {
    if (name === "kind" && (value === "members" || value === "matters")) this.#state.kind = value;
    else if (
      name === "product" &&
      value !== null &&
      (PRODUCTS as readonly string[]).includes(value)
    )
      this.#state.product = value as Product;
    else return false;
    return true;
  }

  /** Starts over with another file: the choices are forgotten, the worker kept. */
  restart(): void {
    Object.assign(this.#state, {
      step: "file",
      file: null,
      fileError: null,
      suggestions: null,
      choices: [],
      remapMessage: null,
      report: null,
      answer: null,
      handedOff: false,
      savedApplied: false,
    });
    this.#choicesFor = null;
    this.#render(true);
  }

  /** Checks a file as if the person had chosen it (for hosts that already hold the file). */
  async chooseFile(file: File): Promise<void> {
    const state = this.#state;
    state.answer = null;
    state.handedOff = false;
    state.report = null;
    state.suggestions = null;
    state.choices = [];
    this.#choicesFor = null;
    state.file = { name: file.name, size: file.size };
    // Refused before a byte is read, as the server refuses it: the check shows the spec's size error.
    if (file.size > MAX_FILE_BYTES) {
      state.fileError = this.#strings.fileTooLarge(file.size, MAX_FILE_BYTES);
      await this.#ask({ type: "open-oversize", size: file.size });
      this.#render(false);
      this.#announce(state.fileError);
      return;
    }
    state.fileError = null;
    await this.#ask({ type: "open", file });
    this.#announce(this.#strings.fileChosen(file.name, file.size));
    this.#render(false);
  }

  /** Shows `step` when the steps before it allow. */
  async go(step: ImportStep): Promise<void> {
    if (!canGo(this.#state.step, step, this.#facts())) return;
    const from = this.#state.step;
    this.#state.step = step;
    // The step shows at once, focus on its heading; what it waits for fills it in after.
    this.#render(true);
    const needsSuggestions = step === "mapping" || step === "check";
    if (needsSuggestions && this.#choicesFor !== this.#fileKey()) {
      await this.#loadSuggestions();
      if (this.#state.step === step) this.#render(false);
    }
    const forwards = IMPORT_STEPS.indexOf(from) < IMPORT_STEPS.indexOf("check");
    if (step === "check" && (forwards || this.#state.report === null)) await this.#check();
  }

  /** The file and kind the header choices were made for: a new file or kind asks again. */
  #fileKey(): string | null {
    const { kind, file } = this.#state;
    return kind === null || file === null ? null : `${kind}:${file.name}:${file.size}`;
  }

  /** The error grid, in the element's current words. */
  #newGrid(): ErrorGrid {
    return new ErrorGrid(
      this.#strings,
      { edit: (error, value) => void this.#edit(error, value) },
      this.#id("grid"),
    );
  }

  #id(name: string): string {
    return `${this.#prefix}-${name}`;
  }

  #facts(): StepFacts {
    const { file, kind, report, checking, answer } = this.#state;
    return {
      // A file over the limit goes on too: its check is the spec's size error, as the server's.
      hasFile: file !== null,
      kindChosen: kind !== null,
      checkPassed: report !== null && problemsLeft(report) === 0,
      checking,
      submitted: answer?.ok === true || this.#state.handedOff,
    };
  }

  #ensureWorker(): ImporterWorker {
    this.#worker ??= startImporterWorker(this.workerUrl);
    return this.#worker;
  }

  #ask: ImporterWorker["ask"] = (request, transfer) => this.#ensureWorker().ask(request, transfer);

  async #loadSuggestions(): Promise<void> {
    const { kind, file } = this.#state;
    if (kind === null || file === null) return;
    const key = this.#fileKey();
    if (this.#choicesFor === key && this.#state.suggestions !== null) return;
    const answer = await this.#ask({ type: "suggest", kind });
    if (answer.type !== "suggested") return;
    this.#state.suggestions = answer.suggestions;
    this.#state.savedMapping = this.savedMappings?.[kind];
    this.#state.savedApplied = false;
    this.#state.choices = initialChoices(answer.suggestions);
    this.#choicesFor = key;
  }

  async #check(): Promise<void> {
    const state = this.#state;
    if (state.kind === null || state.suggestions === null) return;
    const run = ++this.#checkRun;
    state.checking = true;
    state.remapMessage = null;
    this.#announce(this.#strings.checking);
    const mapping = mappingOf(state.suggestions, state.choices);
    this.dispatchEvent(
      new CustomEvent<ImportMappingDetail>("rpdi-import-mapping", {
        detail: {
          kind: state.kind,
          mapping: Object.fromEntries(mapping.map(([cell, column]) => [cell.trim(), column])),
        },
      }),
    );
    const answer = await this.#ask({
      type: "check",
      kind: state.kind,
      product: state.product,
      ruleSet: this.getAttribute("rule-set") === "legacy" ? "legacy" : "upsert",
      mapping,
      context: this.context ?? {},
      messages: templatesOf(this.#messages),
    });
    if (run !== this.#checkRun) return;
    state.checking = false;
    if (answer.type === "remap-failed" || answer.type === "failed") {
      state.remapMessage = answer.message;
      state.step = "mapping";
      this.#render(true);
      this.#focusSelector("[part~='remap-error']");
      return;
    }
    if (answer.type !== "checked") return;
    state.report = fromWire(answer.report);
    this.#render(false);
    this.#announceReport(state.report);
  }

  async #edit(error: CellError, value: string): Promise<void> {
    const state = this.#state;
    state.checking = true;
    const run = ++this.#checkRun;
    const answer = await this.#ask({
      type: "edit",
      rowNumber: error.rowNumber,
      column: error.column,
      value,
    });
    if (run !== this.#checkRun) return;
    state.checking = false;
    if (answer.type !== "checked") {
      this.#announce(
        answer.type === "remap-failed" || answer.type === "failed" ? answer.message : "",
      );
      this.#render(false);
      return;
    }
    state.report = fromWire(answer.report);
    const remaining = problemsLeft(state.report);
    this.#render(false);
    this.#announce(this.#strings.rowChecked(error.rowNumber + 1, remaining));
    if (remaining === 0) this.#focusSelector("[part~='next']");
  }

  async #submit(): Promise<void> {
    const state = this.#state;
    if (state.kind === null || state.file === null || state.submitting) return;
    state.submitting = true;
    this.#render(false);
    const answer = await this.#ask({ type: "bytes" });
    if (answer.type !== "bytes") {
      state.submitting = false;
      state.answer = { ok: false, status: null, message: "The file could not be read back." };
      this.#render(false);
      return;
    }
    const bytes = new Uint8Array(answer.bytes);
    const detail: ImportSubmitDetail = {
      kind: state.kind,
      product: state.product,
      reviewCycleId: this.getAttribute("review-cycle-id"),
      fileName: state.file.name,
      bytes,
    };
    const proceed = this.dispatchEvent(
      new CustomEvent("rpdi-import-submit", { detail, cancelable: true }),
    );
    if (this.client === undefined || !proceed) {
      state.submitting = false;
      state.handedOff = true;
      this.#render(false);
      this.#announce(this.#strings.submittedEvent);
      return;
    }
    // The bytes are read into a Blob before anything is awaited: a listener cannot change them after.
    const result = await submitThroughClient(this.client, { ...detail, bytes });
    state.submitting = false;
    state.answer = result;
    this.dispatchEvent(
      new CustomEvent<ImportResultDetail>("rpdi-import-result", { detail: result }),
    );
    this.#render(false);
    this.#focusSelector("[part~='answer']");
    this.#announce(
      result.ok
        ? acceptedWords(this.#strings, 200, result.body)
        : "body" in result
          ? this.#strings.serverRefused
          : this.#strings.serverFailed(result.message),
    );
  }

  #updateRequired(): void {
    const line = this.#root.querySelector("[part~='required']");
    const suggestions = this.#state.suggestions;
    if (line === null || suggestions === null) return;
    const missing = unmatchedRequired(suggestions, this.#state.choices);
    line.className = requiredClass(missing);
    line.textContent = requiredWords(this.#strings, missing);
  }

  #announce(text: string): void {
    // Emptied first, so the same words said twice are announced twice.
    this.#status.textContent = "";
    requestAnimationFrame(() => {
      this.#status.textContent = text;
    });
  }

  #announceReport(report: CheckReport): void {
    if (report.fileMessage !== null)
      this.#announce(`${this.#strings.fileErrorHeading}: ${report.fileMessage}`);
    else if (report.cells.length > 0)
      this.#announce(this.#strings.checkFailed(report.cells.length));
    else this.#announce(this.#strings.checkPassed(report.validRows));
  }

  #focusSelector(selector: string): void {
    const target = this.#root.querySelector<HTMLElement>(selector);
    if (target === null) return;
    if (!target.hasAttribute("tabindex") && !(target instanceof HTMLButtonElement))
      target.setAttribute("tabindex", "-1");
    target.focus();
  }

  #actions: ImporterActions = {
    chooseFile: (file) => void this.chooseFile(file),
    setKind: (kind) => {
      this.#state.kind = kind;
      this.#state.report = null;
      this.#render(false);
    },
    setProduct: (product) => {
      this.#state.product = product;
      this.#state.report = null;
      this.#render(false);
    },
    setChoice: (index, column) => {
      this.#state.choices = this.#state.choices.map((choice, at) =>
        at === index ? column : choice,
      );
      this.#state.report = null;
      // Only the required columns' line changes: the list keeps its element, so typing to pick an
      // option (type-ahead) goes on across keystrokes.
      this.#updateRequired();
    },
    useSavedMapping: () => {
      const { suggestions, savedMapping } = this.#state;
      if (suggestions === null || savedMapping === undefined) return;
      this.#state.choices = applySaved(suggestions, this.#state.choices, savedMapping);
      this.#state.savedApplied = true;
      this.#state.report = null;
      this.#render(false);
      this.#announce(this.#strings.savedMappingApplied);
    },
    submit: () => void this.#submit(),
    restart: () => this.restart(),
  };

  /** Draws the steps, the current step and its buttons; focus moves to the heading on a new step, else stays where it was. */
  #render(stepChanged: boolean): void {
    const active = this.#root.activeElement;
    const focusId = active instanceof HTMLElement ? active.id : "";
    const inGrid = active instanceof HTMLElement && this.#grid.element.contains(active);
    const strings = this.#strings;
    const state = this.#state;
    const facts = this.#facts();
    this.#nav.setAttribute("aria-label", strings.stepsLabel);
    this.#nav.replaceChildren(
      h(
        "ol",
        { class: "steps", part: "steps" },
        fragmentOf(
          IMPORT_STEPS.map((step, index) => {
            const button = h(
              "button",
              {
                type: "button",
                part: step === state.step ? "step current-step" : "step",
                "aria-current": step === state.step ? "step" : null,
                disabled: !canGo(state.step, step, facts),
              },
              `${index + 1}. ${strings.steps[step]}`,
            );
            button.addEventListener("click", () => void this.go(step));
            return h("li", {}, button);
          }),
        ),
      ),
    );
    const context: ViewContext = {
      state,
      strings,
      actions: this.#actions,
      grid: this.#grid,
      id: (name) => this.#id(name),
    };
    const view = VIEWS[state.step](context);
    const heading = h(
      "h3",
      { tabindex: -1, id: this.#id("heading"), part: "step-heading" },
      strings.steps[state.step],
    );
    const back = h(
      "button",
      { type: "button", part: "button back", disabled: state.step === "file" || facts.submitted },
      strings.back,
    );
    back.addEventListener("click", () => void this.go(previousStep(state.step)));
    const next = h(
      "button",
      {
        type: "button",
        part: "button primary next",
        disabled: state.step === "done" || !canAdvance(state.step, facts),
      },
      strings.next,
    );
    next.addEventListener("click", () => void this.go(nextStep(state.step)));
    this.#panel.setAttribute("aria-labelledby", this.#id("heading"));
    this.#panel.replaceChildren(
      heading,
      view,
      h("div", { class: "nav" }, back, state.step === "done" ? null : next),
    );
    if (stepChanged) heading.focus();
    else if (inGrid) this.#grid.focus();
    else if (focusId !== "") this.#root.getElementById(focusId)?.focus();
  }
}

const VIEWS: Record<ImportStep, (context: ViewContext) => HTMLElement> = {
  file: fileStep,
  kind: kindStep,
  mapping: mappingStep,
  check: checkStep,
  review: reviewStep,
  done: doneStep,
};

/** A catalog's template entries: a function entry cannot be copied to the worker. */
function templatesOf(
  catalog: PartialMessageCatalog | undefined,
): PartialMessageCatalog | undefined {
  if (catalog === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(catalog).filter(([, entry]) => typeof entry === "string"),
  ) as PartialMessageCatalog;
}

/**
 * The element's style as a constructed stylesheet, which a page's Content-Security-Policy does not
 * count as inline style (no `'unsafe-inline'` or hash needed); a `<style>` where it is unsupported.
 */
function adoptStyle(root: ShadowRoot): HTMLStyleElement[] {
  if (typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(IMPORTER_CSS);
    root.adoptedStyleSheets = [sheet];
    return [];
  }
  return [h("style", {}, IMPORTER_CSS)];
}
