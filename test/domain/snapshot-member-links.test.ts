import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import type { MemberInput } from "../../src/domain/member";
import {
  type OrganizationSnapshot,
  type OrganizationSnapshotInput,
  parseOrganizationSnapshot,
} from "../../src/domain/snapshot";
import { createMemoryStore } from "../../src/memory/store";
import type { PostgresStore } from "../../src/postgres/adapter";
import type { Store } from "../../src/store/port";
import { dropStore, freshStore, pgliteClient } from "../postgres/stores";

const organization = { id: "org-links", shortName: "links", name: "Links & Co" };

function member(id: string, links: Pick<MemberInput, "managerId" | "mentorIds"> = {}): MemberInput {
  return { id, email: `${id}@links.example`, firstName: id, lastName: "Links", ...links };
}

/** Three members who manage and mentor one another, one of them in a cycle with itself. */
const consistent: OrganizationSnapshotInput = {
  organization,
  members: [
    member("m-a", { managerId: "m-c", mentorIds: ["m-b", "m-c"] }),
    member("m-b", { managerId: "m-a" }),
    member("m-c", { managerId: "m-c", mentorIds: ["m-c", "m-a"] }),
  ],
};

/** The issues `parseOrganizationSnapshot` refuses `input` with, or `[]` if it accepts it. */
function issues(input: OrganizationSnapshotInput): { path: PropertyKey[]; message: string }[] {
  try {
    parseOrganizationSnapshot(input);
    return [];
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    return error.issues.map((issue) => ({ path: issue.path, message: issue.message }));
  }
}

describe("a snapshot's managers and mentors are members of the same snapshot", () => {
  it("refuses a manager who is not a member, at the member's managerId", () => {
    expect(
      issues({
        organization,
        members: [member("m-a"), member("m-b", { managerId: "m-gone" })],
      }),
    ).toEqual([
      {
        path: ["members", 1, "managerId"],
        message: 'manager "m-gone" is not a member of this snapshot',
      },
    ]);
  });

  it("refuses a mentor who is not a member, at the mentor's place in mentorIds", () => {
    expect(
      issues({
        organization,
        members: [member("m-a"), member("m-b"), member("m-c", { mentorIds: ["m-a", "m-gone"] })],
      }),
    ).toEqual([
      {
        path: ["members", 2, "mentorIds", 1],
        message: 'mentor "m-gone" is not a member of this snapshot',
      },
    ]);
  });

  it("names every dangling link of a snapshot, a member of another organization's too", () => {
    expect(
      issues({
        organization,
        members: [
          member("m-a", { managerId: "m-other-org", mentorIds: ["m-x", "m-b", "m-y"] }),
          member("m-b", { managerId: "m-a" }),
        ],
      }).map((issue) => issue.path),
    ).toEqual([
      ["members", 0, "managerId"],
      ["members", 0, "mentorIds", 0],
      ["members", 0, "mentorIds", 2],
    ]);
  });

  it("accepts links among its own members, self-links and cycles included", () => {
    expect(issues(consistent)).toEqual([]);
    expect(parseOrganizationSnapshot(consistent).members.map((m) => m.mentorIds)).toEqual([
      ["m-b", "m-c"],
      [],
      ["m-c", "m-a"],
    ]);
  });
});

/** The consistent snapshot with a member whose manager and mentor were left out. */
function dangling(orgId: string): OrganizationSnapshot {
  return {
    ...parseOrganizationSnapshot({ ...consistent, organization: { ...organization, id: orgId } }),
    members: parseOrganizationSnapshot({
      organization,
      members: [member("m-d"), member("m-e"), member("m-f")],
    }).members.map((m, index) =>
      index === 2 ? { ...m, managerId: "m-gone", mentorIds: ["m-d", "m-lost"] } : m,
    ),
  };
}

function refusesDanglingLinks(
  name: string,
  create: () => Promise<Store>,
  dispose: () => Promise<void>,
) {
  describe(`${name}: loadSnapshot of a snapshot with a dangling link`, () => {
    let store: Store;
    const before = parseOrganizationSnapshot(consistent);
    beforeAll(async () => {
      store = await create();
      await store.loadSnapshot(before);
    });
    afterAll(dispose);

    it("rejects, naming the links, and leaves the organization as it was", async () => {
      const refused = store.loadSnapshot(dangling(organization.id));
      await expect(refused).rejects.toBeInstanceOf(ZodError);
      await expect(refused).rejects.toMatchObject({
        issues: [{ path: ["members", 2, "managerId"] }, { path: ["members", 2, "mentorIds", 1] }],
      });
      expect(await store.exportSnapshot(organization.id)).toEqual(before);
    });

    it("rejects and creates no organization when the snapshot's is new", async () => {
      await expect(store.loadSnapshot(dangling("org-links-new"))).rejects.toBeInstanceOf(ZodError);
      expect(await store.exportSnapshot("org-links-new")).toBeNull();
      expect(await store.exportSnapshot(organization.id)).toEqual(before);
    });
  });
}

refusesDanglingLinks(
  "memory store",
  async () => createMemoryStore(),
  async () => {},
);

let postgres: PostgresStore | undefined;
refusesDanglingLinks(
  "PostgreSQL store on PGlite",
  async () => {
    postgres = await freshStore(pgliteClient(), "member_links");
    return postgres;
  },
  async () => {
    if (postgres !== undefined) await dropStore(postgres);
  },
);
