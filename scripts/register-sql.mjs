// `node --import ./scripts/register-sql.mjs`: lets source runs (tsx) import the SQL migrations.
import { register } from "node:module";

register("./sql-hooks.mjs", import.meta.url);
