import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueSessionToken } from "../../src/auth/session-token";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { createHttpHandler } from "../../src/http/handler";
import { loadLookupLists } from "../../src/lists/lists";
import { createPostgresStore, type PostgresStore } from "../../src/postgres/adapter";
import type { PostgresClient } from "../../src/postgres/client";
import { OrganizationNotFoundError } from "../../src/store/errors";
import { SEED_ORG_ID, seedOrganization } from "../../src/testing/seed";
import { newPGlite } from "./stores";

const SECRET = "test-only-secret-of-at-least-32-bytes!!";

/**
 * A session check that reads nothing beside the member and organization is one statement on
 * PostgreSQL, outside a transaction block: every statement the driver is given is recorded here,
 * BEGIN and COMMIT included, which `onStatement` does not see.
 */
describe("single-read transactions on PostgreSQL (PGlite)", () => {
  const database = newPGlite();
  const sent: string[] = [];
  const client: PostgresClient = {
    query: (text, params) => {
      sent.push(text.trim());
      return database.query(text, params) as ReturnType<PostgresClient["query"]>;
    },
  };
  let store: PostgresStore;
  beforeAll(async () => {
    store = createPostgresStore({ client, schema: "single_read" });
    await store.migrate();
    await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
  });
  afterAll(() => database.close());

  const readMember = (options: { readOnly: true; singleRead?: true }) =>
    store.transaction(
      SEED_ORG_ID,
      async (tx) => (await tx.loadMemberAndOrganization?.("m-ada")) ?? null,
      options,
    );

  it("sends the read alone, with no BEGIN or COMMIT, and answers what a read-only transaction answers", async () => {
    sent.length = 0;
    const inBlock = await readMember({ readOnly: true });
    expect(sent.some((text) => text.startsWith("BEGIN"))).toBe(true);
    sent.length = 0;
    const alone = await readMember({ readOnly: true, singleRead: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^SELECT /);
    expect(alone).toEqual(inBlock);
    expect(alone?.member?.id).toBe("m-ada");
  });

  it("answers the library's lookup lists with one statement, and a missing organization as not found", async () => {
    sent.length = 0;
    const lists = await loadLookupLists(store, { orgId: SEED_ORG_ID });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^SELECT set_config\('jit', 'off', true\), /);
    expect(lists.departments).toEqual(["Litigation", "Corporate", "=Formula Dept"]);
    sent.length = 0;
    await expect(loadLookupLists(store, { orgId: "org-none" })).rejects.toBeInstanceOf(
      OrganizationNotFoundError,
    );
    expect(sent).toHaveLength(1);
  });

  it("refuses a second statement, which would read another snapshot", async () => {
    sent.length = 0;
    await expect(
      store.transaction(
        SEED_ORG_ID,
        async (tx) => {
          await tx.loadMemberAndOrganization?.("m-ada");
          return tx.loadMembersById(["m-ben"]);
        },
        { readOnly: true, singleRead: true },
      ),
    ).rejects.toThrow(/second statement/);
    expect(sent).toHaveLength(1);
  });

  it("refuses a write in a read-only transaction block, and the member stays", async () => {
    sent.length = 0;
    await expect(
      store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-ben"]), {
        readOnly: true,
        singleRead: true,
      }),
    ).rejects.toThrow(/read-only transaction/);
    expect(sent[0]).toMatch(/^BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY/);
    const stored = await store.transaction(SEED_ORG_ID, (tx) => tx.loadMembersById(["m-ben"]), {
      readOnly: true,
    });
    expect(stored.map((member) => member.id)).toEqual(["m-ben"]);
  });

  it("runs a read that does not fold the organization check in a read-only transaction block, as without the option", async () => {
    sent.length = 0;
    const members = await store.transaction(
      SEED_ORG_ID,
      async (tx) => [
        ...(await tx.loadMembersById(["m-ada"])),
        ...(await tx.loadMembersById(["m-ben"])),
      ],
      { readOnly: true, singleRead: true },
    );
    expect(members.map((member) => member.id)).toEqual(["m-ada", "m-ben"]);
    expect(sent[0]).toMatch(/^BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY/);
    expect(sent.at(-1)).toBe("COMMIT");
  });

  it("answers 401, never 500, for no session, a forged one, another organization's, a deleted member's and a gone organization's", async () => {
    const handler = createHttpHandler({ store, tokenSecret: SECRET, acceptBearer: true });
    const lookup = (authorization?: string) =>
      handler(
        new Request("http://rpdi.test/api/v2/departments", {
          headers: authorization === undefined ? {} : { authorization },
        }),
      ).then((response) => response.status);
    try {
      const issue = async (orgId: string, memberId: string) => {
        const token = await issueSessionToken(store, SECRET, { orgId, memberId }, new Date());
        if (token === null) throw new Error(`no session for ${memberId}`);
        return token;
      };
      const ada = await issue(SEED_ORG_ID, "m-ada");
      expect(await lookup(`Bearer ${ada}`)).toBe(200);
      expect(await lookup()).toBe(401);
      expect(await lookup(`Bearer ${ada.slice(0, -4)}AAAA`)).toBe(401);
      const forged = await issueSessionToken(
        store,
        "another-secret-of-at-least-32-bytes!!!!",
        { orgId: SEED_ORG_ID, memberId: "m-ada" },
        new Date(),
      );
      expect(await lookup(`Bearer ${forged}`)).toBe(401);
      const other = createPostgresStore({ client, schema: "single_read_other" });
      await other.migrate();
      await other.loadSnapshot(
        parseOrganizationSnapshot({
          ...seedOrganization(),
          organization: { id: "org-elsewhere", shortName: "elsewhere", name: "Elsewhere" },
        }),
      );
      const elsewhere = await issueSessionToken(
        other,
        SECRET,
        { orgId: "org-elsewhere", memberId: "m-ada" },
        new Date(),
      );
      expect(await lookup(`Bearer ${elsewhere}`)).toBe(401);
      const eve = await issue(SEED_ORG_ID, "m-eve");
      expect(await lookup(`Bearer ${eve}`)).toBe(200);
      await store.transaction(SEED_ORG_ID, (tx) => tx.deleteMembers(["m-eve"]));
      expect(await lookup(`Bearer ${eve}`)).toBe(401);
      await database.query(`DELETE FROM single_read.organizations WHERE id = $1`, [SEED_ORG_ID]);
      expect(await lookup(`Bearer ${ada}`)).toBe(401);
    } finally {
      await handler.close();
      await store.loadSnapshot(parseOrganizationSnapshot(seedOrganization()));
    }
  });

  it("answers a lookup list through the HTTP binding with one statement in all", async () => {
    const handler = createHttpHandler({ store, tokenSecret: SECRET, acceptBearer: true });
    try {
      const token = await issueSessionToken(
        store,
        SECRET,
        { orgId: SEED_ORG_ID, memberId: "m-ada" },
        new Date(),
      );
      sent.length = 0;
      const response = await handler(
        new Request("http://rpdi.test/api/v2/departments", {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(["Litigation", "Corporate", "=Formula Dept"]);
      expect(sent).toHaveLength(1);
    } finally {
      await handler.close();
    }
  });
});
