/**
 * `rpdi/importer`: `<rpdi-importer>`, an admin's import screen as one framework-free custom
 * element. It checks a member or matter file with the rules the server applies (the browser
 * build's), in a module worker (`importer-worker.js`, beside this module).
 */
import { RpdiImporter } from "./element";

export {
  type ImportMappingDetail,
  type ImportResultDetail,
  type ImportSubmitDetail,
  RpdiImporter,
  type SavedMappings,
} from "./element";
export type {
  CellError,
  CellList,
  CheckReport,
  ImporterContext,
  ImportKind,
  ImportReview,
} from "./protocol";
export { IMPORT_STEPS, type ImportStep } from "./steps";
export { ENGLISH_IMPORTER_STRINGS, type ImporterStrings } from "./strings";
export type { ImporterClient, SubmitAnswer } from "./submit";

/** The element's tag. */
export const RPDI_IMPORTER_TAG = "rpdi-importer";

/** Registers `<rpdi-importer>` (under `tag` if given) unless that name is taken already; answers the class registered under it. */
export function defineRpdiImporter(tag: string = RPDI_IMPORTER_TAG): CustomElementConstructor {
  const existing = customElements.get(tag);
  if (existing !== undefined) return existing;
  // A class per extra tag: one constructor cannot be registered under two names.
  const element = tag === RPDI_IMPORTER_TAG ? RpdiImporter : class extends RpdiImporter {};
  customElements.define(tag, element);
  return element;
}

declare global {
  interface HTMLElementTagNameMap {
    "rpdi-importer": RpdiImporter;
  }
  interface HTMLElementEventMap {
    "rpdi-import-submit": CustomEvent<import("./element").ImportSubmitDetail>;
    "rpdi-import-mapping": CustomEvent<import("./element").ImportMappingDetail>;
    "rpdi-import-result": CustomEvent<import("./element").ImportResultDetail>;
  }
}
