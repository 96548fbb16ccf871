import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { Feature } from "../../src/domain/features";
import { organizationSnapshotSchema } from "../../src/domain/snapshot";
import { queryJobApplications } from "../../src/feed/query";
import { createHttpHandler } from "../../src/http/handler";
import { createMemoryStore } from "../../src/memory/store";
import { createPostgresStore } from "../../src/postgres/adapter";
import { newPGlite } from "../postgres/stores";
import { ROOT } from "../support/serve";
import { codeSamples } from "./extract";

/*
 * docs/organization-snapshot.md describes every field of the snapshot: its examples must parse
 * without a field the schema does not know (zod would drop a misspelt one silently), the complete
 * one must hold every field, and the field tables must name every field and nothing else.
 */
const PAGE = "docs/organization-snapshot.md";
const text = readFileSync(join(ROOT, PAGE), "utf8");
const example = (name: string): unknown => {
  const block = codeSamples(ROOT, PAGE).find(
    (sample) => sample.language === "json" && sample.info.includes(`snapshot=${name}`),
  );
  if (block === undefined) throw new Error(`${PAGE} has no "json snapshot=${name}" block`);
  return JSON.parse(block.code);
};

interface Def {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  element?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
}

/** Every field path the schema accepts: `members[].credentials.passwordHash`. */
function schemaPaths(schema: z.core.$ZodType, prefix = ""): string[] {
  const def = schema._zod.def as Def;
  const inner = def.innerType ?? def.in;
  if (inner !== undefined) return schemaPaths(inner, prefix);
  if (def.type === "array" && def.element !== undefined)
    return schemaPaths(def.element, `${prefix}[]`);
  return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return [path, ...schemaPaths(field, path)];
  });
}

/** Every field path a JSON value spells, in the same notation. */
function jsonPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => jsonPaths(item, `${prefix}[]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, field]) => {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    return [path, ...jsonPaths(field, path)];
  });
}

const ALL_PATHS = schemaPaths(organizationSnapshotSchema);

describe("the organization snapshot guide", () => {
  it("knows the schema's fields (the walk finds nested ones)", () => {
    expect(ALL_PATHS).toContain("members[].credentials.passwordHash");
    expect(ALL_PATHS).toContain("reviewCycles[].clientMatters[].entries[].hoursBilled");
    expect(ALL_PATHS).toContain("organization.pipelines[].steps[].bucket");
  });

  it.each(["minimal", "complete"])(
    "the %s example parses with the exported schema, every field it spells known",
    (name) => {
      const input = example(name);
      const parsed = organizationSnapshotSchema.parse(input);
      const kept = new Set(jsonPaths(parsed));
      for (const path of jsonPaths(input)) expect(kept, path).toContain(path);
    },
  );

  it("the complete example spells every field of the schema", () => {
    const spelled = new Set(jsonPaths(example("complete")));
    for (const path of ALL_PATHS) expect(spelled, path).toContain(path);
  });

  it("the field tables have a row for every field, and no row for a field that does not exist", () => {
    const fields = text.slice(text.indexOf("## Every field"), text.indexOf("## Features"));
    const rows = [...fields.matchAll(/^\| `([^`|]+)` \|/gm)].map((match) => match[1] ?? "");
    for (const path of ALL_PATHS) expect(rows, path).toContain(path);
    expect(rows.filter((row) => !ALL_PATHS.includes(row))).toEqual([]);
  });

  it("the features table names every feature", () => {
    for (const name of Object.values(Feature)) expect(text).toContain(`| \`${name}\` |`);
  });

  it("the complete example serves a login and the feed from memory, and loads into PostgreSQL", async () => {
    const snapshot = organizationSnapshotSchema.parse(example("complete"));
    const store = createMemoryStore(snapshot);
    const handle = createHttpHandler({
      store,
      tokenSecret: "a-secret-for-this-test-only-0123456789",
      secureCookie: false,
    });
    const login = await handle(
      new Request(`http://localhost/app/${snapshot.organization.shortName}/admin/auth/`, {
        method: "POST",
        body: new URLSearchParams({ email: "ada.okoye@example.com", password: "example-password" }),
      }),
    );
    expect(login.headers.get("set-cookie")).toMatch(/^SERVICEAUTH=/);
    const feed = await queryJobApplications(store, {
      orgId: snapshot.organization.id,
      params: new URLSearchParams("job_application_status_start=2026-05-01"),
      now: new Date("2026-06-15T00:00:00Z"),
    });
    expect(feed.ok && feed.items.map((item) => item.applicationId)).toEqual(["app-001"]);

    const postgres = createPostgresStore({ client: newPGlite() });
    await postgres.migrate();
    await postgres.loadSnapshot(snapshot);
    const stored = await postgres.exportSnapshot(snapshot.organization.id);
    expect(stored?.members.map((member) => member.id)).toEqual(["m-001", "m-002"]);
    expect(stored?.applications.map((application) => application.id)).toEqual(["app-001"]);
  });
});
