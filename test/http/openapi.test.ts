import { describe, expect, it } from "vitest";
import { ROUTES } from "../../src/http/handler";
import { openApiDocument } from "../../src/http/openapi";
import { sandbox } from "./support";

const SAMPLE: Record<string, string> = { product: "PERFORM", numRows: "3", org_name: "sandbox" };
const document = openApiDocument() as {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
};
const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.keys(methods).map((method) => ({
    method: method.toUpperCase(),
    path: path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE[name] ?? "x"),
  })),
);

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1, served at /openapi.json without a session", async () => {
    const response = await sandbox().request("/openapi.json");
    expect([response.status, response.headers.get("content-type")]).toEqual([
      200,
      "application/json; charset=utf-8",
    ]);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(document)));
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents every route the handler serves", () => {
    for (const route of ROUTES) {
      const covered = documented.some(
        (entry) => entry.method === route.method && route.path.test(entry.path),
      );
      expect(covered, `${route.method} ${route.path}`).toBe(true);
    }
  });

  it("serves every path it documents, with that method", () => {
    for (const entry of documented) {
      const served = ROUTES.some(
        (route) => route.method === entry.method && route.path.test(entry.path),
      );
      expect(served, `${entry.method} ${entry.path}`).toBe(true);
    }
  });

  it("takes its bodies from the exported zod schemas", () => {
    const imported = document.paths["/api/v2/members/import-csv"]?.post as {
      responses: Record<string, { content: Record<string, { schema: { properties: object } }> }>;
    };
    expect(
      Object.keys(imported.responses["200"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["createdCount", "updatedCount", "absentMembers"]);
    expect(
      Object.keys(imported.responses["400"]?.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["fileError", "rowColumnErrors"]);
  });
});
