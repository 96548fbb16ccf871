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

  it("loads an outbox email written before emails carried tokens, with no token", () => {
    const snapshot = parseOrganizationSnapshot({
      organization: { id: "org-1", shortName: "old", name: "Old Firm" },
      members: [{ id: "m-1", email: "a@old.example", firstName: "A", lastName: "B" }],
      welcomeEmails: [
        {
          id: "w-1",
          memberId: "m-1",
          email: "a@old.example",
          firstName: "A",
          lastName: "B",
          product: "PERFORM",
          reason: "MEMBER_CREATED",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ],
    });
    expect(snapshot.welcomeEmails[0]).toMatchObject({ token: null, tokenExpiresAt: null });
  });

  it("refuses an account token or enrollment of a member the snapshot does not have", () => {
    const result = organizationSnapshotSchema.safeParse({
      organization: { id: "org-1", shortName: "old", name: "Old Firm" },
      mfaEnrollments: [
        { memberId: "m-ghost", secret: "JBSWY3DPEHPK3PXP", createdAt: "x", expiresAt: "y" },
      ],
    });
    expect(result.success).toBe(false);
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
      accountTokens: [],
      mfaEnrollments: [],
    });
  });
});
