import type { SavedColumnMappings } from "../domain/column-mappings";
import { deepFreeze } from "../runtime/deep-freeze";
import type { StoreTx } from "../store/port";
import type { MemoryTxContext } from "./tx-context";

type ColumnMappingOperations = Required<
  Pick<StoreTx, "loadColumnMapping" | "replaceColumnMapping">
>;

/** The port's saved header mappings, over `context`'s state. */
export function columnMappingOperations({ read, write }: MemoryTxContext): ColumnMappingOperations {
  return {
    async loadColumnMapping(kind) {
      return read().columnMappings[kind].map((pair) => ({ ...pair }));
    },

    async replaceColumnMapping(kind, pairs) {
      const state = write();
      state.columnMappings = deepFreeze({
        ...state.columnMappings,
        [kind]: pairs.map((pair) => ({ source: pair.source, target: pair.target })),
      } as SavedColumnMappings);
    },
  };
}
