import { fragmentOf, h } from "./dom";
import {
  GRID_COLUMNS,
  type GridPosition,
  moveInGrid,
  scrollToShow,
  VALUE_COLUMN,
  visibleRows,
} from "./grid-model";
import type { CellError, CellList } from "./protocol";
import type { ImporterStrings } from "./strings";

/** Each row's height in pixels: fixed, so the rows in view follow from the scroll offset alone. */
export const GRID_ROW_HEIGHT = 36;

/** What the grid asks of its element: check a cell's new value again. */
export interface ErrorGridHost {
  edit(error: CellError, value: string): void;
}

/**
 * The check step's errors as an ARIA grid (one row per cell error: row, column, value, problem).
 * Only the rows in view are in the DOM, so 10,000 errors scroll as 20 do. Keyboard: arrows,
 * Home/End, Ctrl+Home/End, PageUp/PageDown move; Enter or F2 on a value edits it, Enter saves,
 * Escape cancels. One cell is in the tab order at a time (roving tabindex).
 */
export class ErrorGrid {
  readonly element: HTMLElement;
  #viewport: HTMLElement;
  #body: HTMLElement;
  #cells: CellList = [];
  #active: GridPosition = { row: 0, column: VALUE_COLUMN };
  #editing: number | null = null;
  #drawn = { start: 0, end: 0 };

  constructor(
    private readonly strings: ImporterStrings,
    private readonly host: ErrorGridHost,
    readonly id: string,
  ) {
    const headers = [
      strings.columnRow,
      strings.columnColumn,
      strings.columnValue,
      strings.columnProblem,
    ];
    this.#body = h("div", { role: "rowgroup", class: "grid-body", part: "grid-body" });
    this.#viewport = h("div", { class: "grid-viewport", part: "grid-viewport" }, this.#body);
    this.element = h(
      "div",
      {
        role: "grid",
        id,
        part: "grid",
        class: "grid",
        "aria-label": strings.gridLabel,
        "aria-describedby": `${id}-help`,
        "aria-colcount": GRID_COLUMNS,
      },
      h(
        "div",
        { role: "rowgroup", class: "grid-head" },
        h(
          "div",
          { role: "row", class: "grid-row", "aria-rowindex": 1 },
          fragmentOf(
            headers.map((text, index) =>
              h(
                "span",
                { role: "columnheader", "aria-colindex": index + 1, part: "grid-header" },
                text,
              ),
            ),
          ),
        ),
      ),
      this.#viewport,
    );
    this.#viewport.addEventListener("scroll", () => this.#draw());
    this.element.addEventListener("keydown", (event) => this.#key(event));
    this.element.addEventListener("click", (event) => {
      const cell = (event.target as HTMLElement).closest<HTMLElement>("[role=gridcell]");
      if (cell !== null && this.#editing === null) this.#focus(positionOf(cell), false);
    });
  }

  /** The help text the grid is described by. */
  help(): HTMLElement {
    return h("p", { id: `${this.id}-help`, class: "help", part: "help" }, this.strings.gridHelp);
  }

  /** Shows these errors; focus, if it was in the grid, stays at the same place (clamped). */
  setCells(cells: CellList): void {
    const hadFocus = this.element.contains(this.#root()?.activeElement ?? null);
    this.#cells = cells;
    this.#editing = null;
    this.#active = {
      row: Math.min(this.#active.row, Math.max(0, cells.length - 1)),
      column: this.#active.column,
    };
    this.element.setAttribute("aria-rowcount", String(cells.length + 1));
    this.#body.style.height = `${cells.length * GRID_ROW_HEIGHT}px`;
    this.#drawn = { start: 0, end: 0 };
    this.#draw(true);
    if (hadFocus) this.focus();
  }

  /** Moves focus to the active cell. */
  focus(): void {
    this.#focus(this.#active, true);
  }

  #root(): Document | ShadowRoot | null {
    const root = this.element.getRootNode();
    return root instanceof ShadowRoot || root instanceof Document ? root : null;
  }

  #draw(force = false): void {
    const { start, end } = visibleRows(
      this.#viewport.scrollTop,
      this.#viewport.clientHeight || GRID_ROW_HEIGHT * 10,
      GRID_ROW_HEIGHT,
      this.#cells.length,
    );
    if (!force && start === this.#drawn.start && end === this.#drawn.end) return;
    const focused = this.#root()?.activeElement;
    const keepFocus = focused instanceof HTMLElement && this.#body.contains(focused);
    this.#drawn = { start, end };
    const rows: HTMLElement[] = [];
    for (let index = start; index < end; index++) rows.push(this.#row(index));
    this.#body.replaceChildren(fragmentOf(rows));
    if (keepFocus) this.#cellAt(this.#active)?.focus({ preventScroll: true });
  }

  #row(index: number): HTMLElement {
    const error = this.#cells.at(index) as CellError;
    const texts = [String(error.rowNumber + 1), error.column, error.value, error.message];
    const row = h("div", {
      role: "row",
      class: "grid-row",
      part: "grid-row",
      "aria-rowindex": index + 2,
    });
    // Through the CSSOM, which a page's Content-Security-Policy allows, unlike a style attribute.
    row.style.top = `${index * GRID_ROW_HEIGHT}px`;
    texts.forEach((text, column) => {
      const active = this.#active.row === index && this.#active.column === column;
      const value = column === VALUE_COLUMN;
      const cell = h(
        "span",
        {
          role: "gridcell",
          tabindex: active ? 0 : -1,
          "aria-colindex": column + 1,
          "data-row": index,
          "data-column": column,
          part: value ? "grid-cell value-cell" : "grid-cell",
          "aria-readonly": value ? (error.editable ? "false" : "true") : null,
          title: value && !error.editable ? this.strings.notEditable : null,
        },
        text,
      );
      row.append(cell);
    });
    return row;
  }

  #cellAt(at: GridPosition): HTMLElement | null {
    return this.#body.querySelector<HTMLElement>(
      `[data-row="${at.row}"][data-column="${at.column}"]`,
    );
  }

  #focus(at: GridPosition, scroll: boolean): void {
    if (this.#cells.length === 0) return;
    this.#cellAt(this.#active)?.setAttribute("tabindex", "-1");
    this.#active = at;
    if (scroll) {
      const top = scrollToShow(
        at.row,
        this.#viewport.scrollTop,
        this.#viewport.clientHeight,
        GRID_ROW_HEIGHT,
      );
      if (top !== this.#viewport.scrollTop) this.#viewport.scrollTop = top;
      this.#draw();
    }
    const cell = this.#cellAt(at);
    cell?.setAttribute("tabindex", "0");
    cell?.focus({ preventScroll: true });
  }

  #key(event: KeyboardEvent): void {
    if (this.#editing !== null) return;
    const pageRows = Math.max(1, Math.floor(this.#viewport.clientHeight / GRID_ROW_HEIGHT) - 1);
    const to = moveInGrid(
      this.#active,
      event.key,
      event.ctrlKey || event.metaKey,
      this.#cells.length,
      pageRows,
    );
    if (to !== null) {
      event.preventDefault();
      this.#focus(to, true);
      return;
    }
    if ((event.key === "Enter" || event.key === "F2") && this.#active.column === VALUE_COLUMN) {
      event.preventDefault();
      this.#startEdit();
    }
  }

  #startEdit(): void {
    const index = this.#active.row;
    const error = this.#cells.at(index);
    const cell = this.#cellAt(this.#active);
    if (error === undefined || cell === null || !error.editable) return;
    this.#editing = index;
    const input = h("input", {
      type: "text",
      part: "cell-input",
      "aria-label": this.strings.editLabel(error.column, error.rowNumber + 1),
    });
    input.value = error.value;
    cell.replaceChildren(input);
    input.focus();
    input.select();
    input.addEventListener("keydown", (event) => {
      event.stopPropagation();
      if (event.key === "Enter") {
        event.preventDefault();
        this.#editing = null;
        this.host.edit(error, input.value);
      } else if (event.key === "Escape") {
        event.preventDefault();
        this.#editing = null;
        cell.replaceChildren(error.value);
        cell.focus();
      }
    });
    input.addEventListener("blur", () => {
      if (this.#editing !== index) return;
      this.#editing = null;
      cell.replaceChildren(error.value);
    });
  }
}

function positionOf(cell: HTMLElement): GridPosition {
  return { row: Number(cell.dataset.row), column: Number(cell.dataset.column) };
}
