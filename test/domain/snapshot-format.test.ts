import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { organizationSnapshotSchema, parseOrganizationSnapshot } from "../../src/domain/snapshot";

const SCHEMA_FILE = new URL("../../api/snapshot.schema.json", import.meta.url);

describe("the snapshot format", () => {
  it("is the JSON Schema kept in api/snapshot.schema.json: a change to the format is a change to that file", () => {
    const schema = z.toJSONSchema(organizationSnapshotSchema, {
      io: "input",
      unrepresentable: "any",
    });
    expect(`${JSON.stringify(schema, null, 2)}\n`).toBe(readFileSync(SCHEMA_FILE, "utf8"));
  });

  it("loads a version-1 snapshot that names only the organization, filling every later addition's default", () => {
    const snapshot = parseOrganizationSnapshot({
      organization: { id: "org-1", shortName: "old", name: "Old Firm" },
    });
    expect(snapshot).toMatchObject({
      version: 1,
      members: [],
      reviewCycles: [],
      welcomeEmails: [],
      applications: [],
      columnMappings: { members: [], matters: [] },
    });
  });
});
