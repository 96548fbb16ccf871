import type { CellError, CellList, CheckReport, WireReport } from "./protocol";

/** The report as the worker sends it (see {@link WireReport}); `transfer` holds the offsets' buffer. */
export function toWire(report: CheckReport): { wire: WireReport; transfer: Transferable[] } {
  const { result, cells, ...rest } = report;
  const offsets = new Uint32Array(cells.length + 1);
  const parts: string[] = [];
  let at = 0;
  for (let index = 0; index < cells.length; index++) {
    const text = JSON.stringify(cells.at(index));
    parts.push(text);
    at += text.length;
    offsets[index + 1] = at;
  }
  const wire = {
    ...rest,
    resultJson: JSON.stringify(result),
    cellsText: parts.join(""),
    cellOffsets: offsets,
  } as WireReport;
  return { wire, transfer: [offsets.buffer] };
}

/** The report with its body parsed on first read and each error parsed when first shown. */
export function fromWire(wire: WireReport): CheckReport {
  const { resultJson, cellsText, cellOffsets, ...rest } = wire;
  let parsed: { value: CheckReport["result"] } | null = null;
  const report = {
    ...rest,
    cells: new LazyCells(cellsText, cellOffsets),
  } as unknown as CheckReport;
  Object.defineProperty(report, "result", {
    enumerable: true,
    get: () => {
      parsed ??= { value: JSON.parse(resultJson) as CheckReport["result"] };
      return parsed.value;
    },
  });
  return report;
}

/** Errors kept as the worker's text, each parsed on its first read. */
class LazyCells implements CellList {
  readonly length: number;
  #parsed = new Map<number, CellError>();

  constructor(
    private readonly text: string,
    private readonly offsets: Uint32Array,
  ) {
    this.length = Math.max(0, offsets.length - 1);
  }

  at(index: number): CellError | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.length) return undefined;
    let cell = this.#parsed.get(index);
    if (cell === undefined) {
      cell = JSON.parse(
        this.text.slice(this.offsets[index] as number, this.offsets[index + 1] as number),
      ) as CellError;
      this.#parsed.set(index, cell);
    }
    return cell;
  }
}

/** Every error of a list, as an array. */
/** The problems a report leaves to fix: its cells, and its file error if it has one. */
export function problemsLeft(report: CheckReport): number {
  return report.cells.length + (report.fileMessage === null ? 0 : 1);
}

export function allCells(cells: CellList): CellError[] {
  const all: CellError[] = [];
  for (let index = 0; index < cells.length; index++) all.push(cells.at(index) as CellError);
  return all;
}
