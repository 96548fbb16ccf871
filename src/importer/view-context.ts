import type { Product } from "../domain/products";
import type { ErrorGrid } from "./error-grid";
import type { HeaderChoices } from "./mapping-model";
import type { CheckReport, HeaderSuggestions, ImportKind } from "./protocol";
import type { ImportStep } from "./steps";
import type { ImporterStrings } from "./strings";
import type { SubmitAnswer } from "./submit";

/** Everything the importer's views show, owned by the element. */
export interface ImporterState {
  step: ImportStep;
  file: { name: string; size: number } | null;
  fileError: string | null;
  kind: ImportKind | null;
  product: Product;
  suggestions: HeaderSuggestions | null;
  choices: HeaderChoices;
  savedMapping: Readonly<Record<string, string>> | undefined;
  savedApplied: boolean;
  remapMessage: string | null;
  checking: boolean;
  report: CheckReport | null;
  submitting: boolean;
  answer: SubmitAnswer | null;
  /** The submit went to the host as an event (no client). */
  handedOff: boolean;
}

/** What a view may ask the element to do. */
export interface ImporterActions {
  chooseFile(file: File): void;
  setKind(kind: ImportKind): void;
  setProduct(product: Product): void;
  setChoice(index: number, column: string | null): void;
  useSavedMapping(): void;
  submit(): void;
  restart(): void;
}

/** A view's inputs: the state, the words, the actions, the grid and ids unique to the element. */
export interface ViewContext {
  state: ImporterState;
  strings: ImporterStrings;
  actions: ImporterActions;
  grid: ErrorGrid;
  id(name: string): string;
}
