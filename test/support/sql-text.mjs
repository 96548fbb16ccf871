// Loads `.sql` files as text modules (what tsup's text loader and vitest's plugin do), for the
// CLI run from source with tsx: `node --import tsx --import ./test/support/sql-text.mjs …`.
import { register } from "node:module";

register("./sql-text-hooks.mjs", import.meta.url);
