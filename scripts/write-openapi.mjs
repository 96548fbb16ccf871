// Writes the OpenAPI 3.1 document of the HTTP interface, as the built package serves it, to
// docs/api/openapi.json (run after `npm run build`).
import { mkdirSync, writeFileSync } from "node:fs";
import { openApiDocument } from "../dist/http.js";

mkdirSync("docs/api", { recursive: true });
writeFileSync("docs/api/openapi.json", `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log("wrote docs/api/openapi.json");
