import { describe, expect, it } from "vitest";
import { jobApplicationChangesSchema } from "../../src/changes/change-schemas";
import { createHttpApp } from "../../src/http/app";
import { openApiDocument } from "../../src/http/openapi";
import { operatorSandbox } from "./operator-support";
import { SECRET, sandbox } from "./support";

interface DocumentedOperation {
  deprecated?: boolean;
  "x-interface-version"?: string;
  responses: Record<string, { content: Record<string, { schema: { properties?: object } }> }>;
}
const document = openApiDocument() as {
  openapi: string;
  paths: Record<string, Record<string, DocumentedOperation>>;
};
const operation = (path: string, method: string) => {
  const found = document.paths[path]?.[method];
  if (found === undefined) throw new Error(`${method} ${path} is not documented`);
  return found;
};
const documented = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`,
    ),
  )
  .sort();

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, served at /openapi.json without a session", async () => {
    const response = await operatorSandbox().call("GET", "/openapi.json");
    expect([response.status, response.headers.get("content-type")]).toEqual([
      200,
      "application/json; charset=utf-8",
    ]);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents exactly the operations the app serves, from the same route definitions", () => {
    const app = createHttpApp({
      store: sandbox().store,
      tokenSecret: SECRET,
      operatorToken: "operator-token-for-tests-only-0123456789",
    });
    const served = [
      ...new Set(
        app.routes
          .filter((route) => route.method !== "ALL" && route.path !== "/openapi.json")
          .map((route) => `${route.method} ${route.path}`),
      ),
    ].sort();
    // The login address is also served without its trailing slash, the logout address with
    // one, undocumented; so are the account pages, HTML for browsers rather than the interface.
    const accountPages = ["invitation", "recovery", "reset", "mfa"].flatMap((page) => [
      `GET /app/:org_name/admin/auth/${page}`,
      `POST /app/:org_name/admin/auth/${page}`,
    ]);
    const undocumented = [
      "POST /app/:org_name/admin/auth",
      "POST /app/:org_name/admin/auth/logout/",
      "GET /app/:org_name/admin/auth/",
      "GET /app/:org_name/admin/auth",
      ...accountPages,
    ];
    expect(served.filter((route) => !undocumented.includes(route))).toEqual(documented);
    expect(documented.length).toBe(40);
    // Without the pages, the app serves exactly the documented operations and the two aliases.
    const bare = createHttpApp({
      store: sandbox().store,
      tokenSecret: SECRET,
      accountPages: false,
      operatorToken: "operator-token-for-tests-only-0123456789",
    });
    const bareRoutes = new Set(
      bare.routes
        .filter((route) => route.method !== "ALL" && route.path !== "/openapi.json")
        .map((route) => `${route.method} ${route.path}`),
    );
    expect(bareRoutes.size).toBe(documented.length + 2);
  });

  it("documents the operator API under its bearer scheme; a handler without operatorToken neither serves nor documents it", async () => {
    const operatorPaths = Object.keys(document.paths).filter((path) =>
      path.startsWith("/operator/v1/"),
    );
    expect(operatorPaths.sort()).toEqual([
      "/operator/v1/organizations",
      "/operator/v1/organizations/{orgId}",
      "/operator/v1/organizations/{orgId}/candidates/{candidateId}",
      "/operator/v1/organizations/{orgId}/job-applications",
      "/operator/v1/organizations/{orgId}/job-applications/{applicationId}",
      "/operator/v1/organizations/{orgId}/jobs",
      "/operator/v1/organizations/{orgId}/members/import-csv",
      "/operator/v1/organizations/{orgId}/offices",
      "/operator/v1/organizations/{orgId}/pipelines",
      "/operator/v1/organizations/{orgId}/review-cycles",
      "/operator/v1/organizations/{orgId}/webhooks",
      "/operator/v1/organizations/{orgId}/webhooks/{endpointId}",
      "/operator/v1/organizations/{orgId}/webhooks/{endpointId}/replay",
      "/operator/v1/organizations/{orgId}/webhooks/{endpointId}/rotate-secret",
    ]);
    const full = document as unknown as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<
        string,
        Record<string, { security?: unknown; requestBody?: { content: object } }>
      >;
    };
    expect(full.components.securitySchemes.OperatorToken).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    for (const path of operatorPaths)
      for (const entry of Object.values(full.paths[path] ?? {}))
        expect(entry.security).toEqual([{ OperatorToken: [] }]);
    expect(
      Object.keys(
        full.paths["/operator/v1/organizations/{orgId}/job-applications"]?.post?.requestBody
          ?.content ?? {},
      ),
    ).toEqual(["application/json", "application/x-ndjson"]);
    const served = (await (await sandbox().request("/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(served.paths).filter((path) => path.startsWith("/operator"))).toEqual([]);
  });

  it("marks the deprecated matter endpoints and only those", () => {
    const deprecated = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.values(methods).some((entry) => entry.deprecated === true) ? [path] : [],
    );
    expect(deprecated.sort()).toEqual([
      "/api/v2/matters-csv/upload-csv",
      "/api/v2/matters-csv/validate-csv",
    ]);
  });

  it("declares every status the spec declares, 409 and 500 included, and the imports' 503", () => {
    const statuses = (path: string, method: string) =>
      Object.keys(operation(path, method).responses).sort();
    expect(statuses("/api/v2/matters-csv/upsert", "post")).toEqual(
      ["200", "400", "401", "403", "404", "409", "500", "503"].sort(),
    );
    expect(statuses("/api/v2/matters-csv/upload-csv", "post")).toEqual(
      ["200", "400", "401", "403", "404", "409", "500", "503"].sort(),
    );
    for (const path of [
      "/api/v2/members/import-csv",
      "/api/v2/matters-csv/validate-upsert",
      "/api/v2/matters-csv/validate-csv",
    ])
      expect(statuses(path, "post")).toContain("503");
    expect(statuses("/api/v2/members/bulk-remove", "delete")).toEqual(
      expect.arrayContaining(["200", "401", "403", "413"]),
    );
    expect(statuses("/v1/job-applications", "get")).toEqual(
      expect.arrayContaining(["200", "400", "401", "429", "500"]),
    );
    expect(statuses("/v1/job-applications/changes", "get")).toEqual(
      ["200", "400", "401", "410", "429", "500", "501", "503"].sort(),
    );
  });

  it("declares an outage's 503 with Retry-After wherever it declares 500", () => {
    const declared = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, entry]) => ({
        at: `${method} ${path}`,
        responses: (
          entry as unknown as {
            responses: Record<string, { headers?: Record<string, unknown> }>;
          }
        ).responses,
      })),
    );
    const withServerError = declared.filter(({ responses }) => "500" in responses);
    expect(withServerError.length).toBeGreaterThan(10);
    for (const { at, responses } of withServerError)
      expect(Object.keys(responses[503]?.headers ?? {}), at).toEqual(["Retry-After"]);
  });

  it("carries the interface versions: member import 1.0.0, matters 2.0.0", () => {
    expect(operation("/api/v2/members/import-csv", "post")["x-interface-version"]).toBe("1.0.0");
    for (const path of Object.keys(document.paths).filter((entry) => entry.includes("matters-csv")))
      expect(operation(path, "post")["x-interface-version"]).toBe("2.0.0");
  });

  it("documents the changes' page and 410 bodies from their zod schemas, with examples", () => {
    const changes = operation("/v1/job-applications/changes", "get") as DocumentedOperation & {
      parameters: { name: string; in: string }[];
      responses: Record<string, { content: Record<string, { example?: unknown }> }>;
    };
    expect(changes.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      "query:cursor",
      "query:limit",
    ]);
    expect(
      Object.keys(changes.responses["200"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["changes", "nextCursor", "hasMore"]);
    const example = changes.responses["200"]?.content["application/json"]?.example;
    expect(jobApplicationChangesSchema.parse(example).changes.length).toBe(2);
    expect(
      Object.keys(changes.responses["410"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["error", "code", "resync"]);
  });

  it("takes its bodies from the exported zod schemas", () => {
    const imported = operation("/api/v2/members/import-csv", "post");
    expect(
      Object.keys(imported.responses["200"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["createdCount", "updatedCount", "absentMembers"]);
    expect(
      Object.keys(imported.responses["400"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["fileError", "rowColumnErrors"]);
  });
});
