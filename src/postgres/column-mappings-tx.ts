import type { StoreTx } from "../store/port";
import { readColumnMapping, writeColumnMapping } from "./column-mappings-sql";
import type { TxScope } from "./session";

/** The transaction's saved header mappings. */
export function columnMappingOperations({
  connection,
  s,
  orgId,
}: TxScope): Pick<StoreTx, "loadColumnMapping" | "replaceColumnMapping"> {
  return {
    loadColumnMapping: (kind) => readColumnMapping(connection, s, orgId, kind),

    replaceColumnMapping: (kind, pairs) => writeColumnMapping(connection, s, orgId, kind, pairs),
  };
}
