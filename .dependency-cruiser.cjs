/**
 * The layers of src/ (docs/architecture.md), lowest first. Every import points down or stays in
 * its layer; nothing imports in a circle. `npm run lint:layers` checks it; CI runs it.
 */
const LEAVES = "^src/(values|runtime|telemetry)/";
const DOMAIN = "^src/domain/";
const PORT = "^src/store/";
const CORE = "^src/(csv|messages)/";
const SERVICES =
  "^src/(accounts|members|matters|feed|jobs|auth|lists|mapping|graphql|organizations|applications|changes)/";
// The subpath barrels compose the layers below them for a host, as the bindings do.
const ENTRIES = "^src/(index|browser)\\.ts$|^src/postgres/index\\.ts$";

/** A rule that `from` may import only what `allowed` (and itself) matches. */
function onlyBelow(name, from, allowed, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, pathNot: ENTRIES },
    to: { path: "^src/", pathNot: [allowed, "\\.(sql|csv)$", "\\.d\\.ts$"] },
  };
}

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "An import circle ties modules that should be apart; the name belongs lower.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    onlyBelow(
      "leaves-import-leaves",
      LEAVES,
      LEAVES,
      "values/, runtime/ and telemetry/ are generic: they know nothing of rpdi's model.",
    ),
    onlyBelow(
      "domain-imports-leaves",
      DOMAIN,
      `${DOMAIN}|${LEAVES}`,
      "The data model sits under everything and imports only leaves.",
    ),
    onlyBelow(
      "port-speaks-domain",
      PORT,
      `${PORT}|${DOMAIN}|${LEAVES}`,
      "The storage port speaks in domain types; it knows no service.",
    ),
    onlyBelow(
      "adapters-import-port-and-domain",
      "^src/memory/",
      `^src/memory/|${PORT}|${DOMAIN}|${LEAVES}`,
      "An adapter implements the port: it imports the port, the model and leaves, never a rule.",
    ),
    onlyBelow(
      "adapters-import-port-and-domain",
      "^src/postgres/",
      `^src/postgres/|${PORT}|${DOMAIN}|${LEAVES}`,
      "An adapter implements the port: it imports the port, the model and leaves, never a rule.",
    ),
    onlyBelow(
      "core-below-services",
      CORE,
      `${CORE}|${PORT}|${DOMAIN}|${LEAVES}`,
      "CSV reading and the message catalog know no service.",
    ),
    onlyBelow(
      "services-below-bindings",
      SERVICES,
      `${SERVICES}|${CORE}|${PORT}|${DOMAIN}|${LEAVES}`,
      "Services run through the port: no binding, no adapter.",
    ),
    {
      name: "locales-are-leaves",
      comment: "A locale imports only the catalog's types; the catalog imports the locale.",
      severity: "error",
      from: { path: "^src/messages/en\\.ts$" },
      to: { path: "^src/", pathNot: ["^src/messages/(types|params)\\.ts$", LEAVES] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^src/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js", ".json"] },
  },
};
