/** A cell of the error grid: its row among the errors and its column (0: row, 1: column, 2: value, 3: problem). */
export interface GridPosition {
  row: number;
  column: number;
}

/** The grid's columns: only the value is edited in place. */
export const GRID_COLUMNS = 4;
/** The column of the cell's value, the one a person edits. */
export const VALUE_COLUMN = 2;

/** Rows drawn above and below the viewport, so a fast scroll does not show blank space. */
const OVERSCAN = 8;

/** The rows to draw: `[start, end)` of `total`, for a viewport at `scrollTop` of `height` pixels. */
export function visibleRows(
  scrollTop: number,
  height: number,
  rowHeight: number,
  total: number,
): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const count = Math.ceil(Math.max(0, height) / rowHeight) + 1;
  return {
    start: Math.max(0, Math.min(total, first - OVERSCAN)),
    end: Math.max(0, Math.min(total, first + count + OVERSCAN)),
  };
}

/**
 * Where focus goes for a key of the ARIA grid pattern (arrows, Home, End, Ctrl+Home, Ctrl+End,
 * PageUp, PageDown), or `null` for a key the grid does not move on. Stays inside the grid.
 */
export function moveInGrid(
  at: GridPosition,
  key: string,
  control: boolean,
  rows: number,
  pageRows: number,
): GridPosition | null {
  if (rows === 0) return null;
  const last = rows - 1;
  const clampRow = (row: number) => Math.max(0, Math.min(last, row));
  const clampColumn = (column: number) => Math.max(0, Math.min(GRID_COLUMNS - 1, column));
  switch (key) {
    case "ArrowUp":
      return { row: clampRow(at.row - 1), column: at.column };
    case "ArrowDown":
      return { row: clampRow(at.row + 1), column: at.column };
    case "ArrowLeft":
      return { row: at.row, column: clampColumn(at.column - 1) };
    case "ArrowRight":
      return { row: at.row, column: clampColumn(at.column + 1) };
    case "PageUp":
      return { row: clampRow(at.row - Math.max(1, pageRows)), column: at.column };
    case "PageDown":
      return { row: clampRow(at.row + Math.max(1, pageRows)), column: at.column };
    case "Home":
      return control ? { row: 0, column: 0 } : { row: at.row, column: 0 };
    case "End":
      return control
        ? { row: last, column: GRID_COLUMNS - 1 }
        : { row: at.row, column: GRID_COLUMNS - 1 };
    default:
      return null;
  }
}

/** The scroll offset that brings `row` into a viewport at `scrollTop`, or `scrollTop` when it is in view. */
export function scrollToShow(
  row: number,
  scrollTop: number,
  height: number,
  rowHeight: number,
): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  if (top + rowHeight > scrollTop + height) return top + rowHeight - height;
  return scrollTop;
}
