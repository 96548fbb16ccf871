import { expect, it } from "vitest";
import { organizationSnapshotSchema } from "../../domain/snapshot";
import { departmentsCsv, loadLookupLists } from "../../lists/lists";
import {
  acknowledgeWelcomeEmails,
  drainWelcomeEmails,
  listWelcomeEmails,
} from "../../members/outbox";
import { OrganizationNotFoundError } from "../../store/errors";
import type { MemberIdPage } from "../../store/member-page";
import type { StoreTx } from "../../store/port";
import type { ConformanceHarness } from "../harness";
import { OTHER_ORG_ID, SEED_ORG_ID } from "../seed";
import { csv, expectOk, importInto } from "./util";

export function lookupsSuite(h: ConformanceHarness): void {
  it("lists a product's member addresses, when the adapter can, exactly as the addresses of its members", async () => {
    const store = await h.seeded();
    for (const product of ["RECRUIT", "PERFORM", "UNI"] as const) {
      const { members, emails } = await store.transaction(
        SEED_ORG_ID,
        async (tx) => ({
          members: await tx.listProductMembers(product),
          emails: await tx.listProductMemberEmails?.(product),
        }),
        { readOnly: true },
      );
      if (emails === undefined) continue;
      expect(emails).toEqual(members.map((member) => member.email));
    }
    const perform = await store.transaction(SEED_ORG_ID, (tx) => tx.listProductMembers("PERFORM"));
    expect(perform.length).toBeGreaterThan(0);
  });

  it("reads a member with the organization, when the adapter can, as loadMembersById and loadOrganization answer them", async () => {
    const store = await h.seeded();
    const ids = await store.transaction(
      SEED_ORG_ID,
      async (tx) => (await tx.listProductMembers("PERFORM")).map((member) => member.id),
      { readOnly: true },
    );
    expect(ids.length).toBeGreaterThan(0);
    for (const readOnly of [true, false]) {
      for (const id of [...ids.slice(0, 3), "no-such-member"]) {
        const { together, apart } = await store.transaction(
          SEED_ORG_ID,
          async (tx) => ({
            together: await tx.loadMemberAndOrganization?.(id),
            apart: {
              member: (await tx.loadMembersById([id]))[0] ?? null,
              organization: await tx.loadOrganization(),
            },
          }),
          { readOnly },
        );
        if (together === undefined) return;
        expect(together).toEqual(apart);
      }
      const missing = store.transaction(
        "org-missing",
        async (tx) => tx.loadMemberAndOrganization?.(ids[0] as string) ?? tx.loadOrganization(),
        { readOnly },
      );
      await expect(missing).rejects.toBeInstanceOf(OrganizationNotFoundError);
    }
  });

  it("reads members and other organizations' users by address together, when the adapter can, as loadMembersByEmail and loadExternalUserEmails answer the same addresses", async () => {
    const store = await h.seeded();
    // Another organization whose user holds the address of one of the seed organization's members.
    await store.loadSnapshot(
      organizationSnapshotSchema.parse({
        organization: { id: "org-lookups-overlap", shortName: "overlap", name: "Overlap LLP" },
        members: [{ id: "o-1", email: "Ben@FIRM.example", firstName: "Ben", lastName: "Two" }],
      }),
    );
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const asked = [
      [],
      ["ADA@firm.example", "cleo@FIRM.example", "fay@firm.example"],
      ["sam@other.example", "Declared@Elsewhere.example", "nobody@nowhere.example"],
      // A member who is also another organization's user; outside users asked twice in two
      // cases; an unknown address.
      [
        "ben@firm.example",
        "SAM@other.example",
        "declared@elsewhere.example",
        "Ben@Firm.example",
        "sam@OTHER.example",
        "nobody@nowhere.example",
        "Declared@elsewhere.EXAMPLE",
        "eve@firm.example",
      ],
    ];
    for (const readOnly of [true, false]) {
      for (const emails of asked) {
        const { together, apart } = await store.transaction(
          SEED_ORG_ID,
          async (tx) => ({
            together: await tx.loadUsersByEmail?.(emails),
            apart: {
              members: await tx.loadMembersByEmail(emails),
              externalUserEmails: await tx.loadExternalUserEmails(emails),
            },
          }),
          { readOnly },
        );
        if (together === undefined) return;
        expect(apart.members.length + apart.externalUserEmails.length > 0).toBe(emails.length > 0);
        expect({ ...together, members: [...together.members].sort(byId) }).toEqual({
          ...apart,
          members: [...apart.members].sort(byId),
        });
      }
    }
    // The last list's answer holds Ben both ways and each outside address as often as asked.
    const last = await store.transaction(SEED_ORG_ID, (tx) =>
      tx.loadExternalUserEmails(asked[3] as string[]),
    );
    expect(last).toEqual([
      "ben@firm.example",
      "SAM@other.example",
      "declared@elsewhere.example",
      "Ben@Firm.example",
      "sam@OTHER.example",
      "Declared@elsewhere.EXAMPLE",
    ]);
  });

  it("answers a single-read transaction's one read as a transaction answers it, and refuses an absent organization the same way", async () => {
    const store = await h.seeded();
    const ids = await store.transaction(
      SEED_ORG_ID,
      async (tx) => (await tx.listProductMembers("PERFORM")).map((member) => member.id),
      { readOnly: true },
    );
    const single = { readOnly: true, singleRead: true } as const;
    for (const id of [...ids.slice(0, 3), "no-such-member"]) {
      const read = (options: { readOnly: true; singleRead?: true }) =>
        store.transaction(
          SEED_ORG_ID,
          async (tx) =>
            (await tx.loadMemberAndOrganization?.(id)) ?? {
              member: (await tx.loadMembersById([id]))[0] ?? null,
            },
          options,
        );
      expect(await read(single)).toEqual(await read({ readOnly: true }));
    }
    await expect(
      store.transaction(
        "org-missing",
        async (tx) => tx.loadMemberAndOrganization?.(ids[0] as string) ?? tx.loadOrganization(),
        single,
      ),
    ).rejects.toBeInstanceOf(OrganizationNotFoundError);
  });

  it("lists a product's member names, when the adapter can, as the address, names and access of its members", async () => {
    const store = await h.seeded();
    const byEmail = (a: { email: string }, b: { email: string }) =>
      a.email < b.email ? -1 : a.email > b.email ? 1 : 0;
    for (const product of ["RECRUIT", "PERFORM", "UNI"] as const) {
      for (const readOnly of [true, false]) {
        const { members, names } = await store.transaction(
          SEED_ORG_ID,
          async (tx) => ({
            members: await tx.listProductMembers(product),
            names: await tx.listProductMemberNames?.(product),
          }),
          { readOnly },
        );
        if (names === undefined) return;
        const expected = members.map((member) => ({
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
          role: member.products.find((access) => access.product === product)?.role,
        }));
        const answered = names.map((name) => ({
          email: name.email,
          firstName: name.firstName,
          lastName: name.lastName,
          role: name.products.find((access) => access.product === product)?.role,
        }));
        expect(answered.sort(byEmail)).toEqual(expected.sort(byEmail));
      }
    }
  });

  it("lists a product's absent members, when the adapter can, as its MEMBER-role members whose address none of the given ones matches case-insensitively", async () => {
    const store = await h.seeded();
    const key = (a: { email: string }) => a.email.toLowerCase();
    const byEmail = (a: { email: string }, b: { email: string }) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
    for (const product of ["RECRUIT", "PERFORM", "UNI"] as const) {
      const { members, absent } = await store.transaction(SEED_ORG_ID, async (tx) => {
        const members = await tx.listProductMembers(product);
        // Every other member's address, upper-cased, plus one no member holds and a repeat.
        const named = members
          .filter((_, index) => index % 2 === 0)
          .map((m) => m.email.toUpperCase());
        const given = [...named, "nobody@else.example", ...named.slice(0, 1)];
        return { members, absent: await tx.listAbsentProductMembers?.(product, given) };
      });
      if (absent === undefined) return;
      const expected = members
        .filter((_, index) => index % 2 === 1)
        .filter((member) =>
          member.products.some((access) => access.product === product && access.role === "MEMBER"),
        )
        .map((member) => ({
          email: member.email,
          firstName: member.firstName,
          lastName: member.lastName,
        }));
      expect([...absent].sort(byEmail)).toEqual(expected.sort(byEmail));
      const none = await store.transaction(SEED_ORG_ID, async (tx) =>
        tx.listAbsentProductMembers?.(product, []),
      );
      expect(none?.length).toBe(
        members.filter((member) =>
          member.products.some((access) => access.product === product && access.role === "MEMBER"),
        ).length,
      );
    }
  });

  it("reads a product's members a page at a time, when the adapter can, as pages by id of its members", async () => {
    const store = await h.seeded();
    for (const product of ["RECRUIT", "PERFORM", "UNI"] as const) {
      const read = <T>(work: (tx: StoreTx) => Promise<T>) =>
        store.transaction(SEED_ORG_ID, work, { readOnly: true });
      const members = await read((tx) => tx.listProductMembers(product));
      const ids = members.map((member) => member.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const first of [1, 2, 500]) {
        let after: string | null = null;
        const seen: string[] = [];
        for (;;) {
          const cursor: string | null = after;
          const page: MemberIdPage | undefined = await read(async (tx) =>
            tx.listProductMemberPage?.(product, { after: cursor, first }),
          );
          if (page === undefined) return;
          expect(page.members.length).toBeLessThanOrEqual(first);
          for (const member of page.members) seen.push(member.id);
          for (const member of page.members)
            expect(member).toEqual(members.find((candidate) => candidate.id === member.id));
          expect(page.hasNextPage).toBe(seen.length < ids.length);
          if (!page.hasNextPage) break;
          after = page.members.at(-1)?.id ?? null;
        }
        expect(seen).toEqual(ids);
      }
      // Inside a write transaction too, where the adapter may not use what it keeps for reads.
      const written: MemberIdPage | undefined = await store.transaction(SEED_ORG_ID, async (tx) =>
        tx.listProductMemberPage?.(product, { after: null, first: 2 }),
      );
      expect(written?.members.map((member) => member.id)).toEqual(ids.slice(0, 2));
      const past = await read(async (tx) =>
        tx.listProductMemberPage?.(product, { after: "\uffff", first: 5 }),
      );
      expect(past).toEqual({ members: [], hasNextPage: false });
    }
  });

  it("serves the organization's lists, custom practice areas tagged, member levels only with the feature", async () => {
    const store = await h.seeded();
    const lists = await loadLookupLists(store, { orgId: SEED_ORG_ID });
    expect(lists.departments).toEqual(["Litigation", "Corporate", "=Formula Dept"]);
    expect(lists.offices).toEqual([
      { city: "New York", state: "NY", country: null },
      { city: "London", state: null, country: "United Kingdom" },
    ]);
    expect(lists.practiceAreas).toContainEqual({ name: "Art Law", type: "CUSTOM" });
    expect(lists.memberLevels).toEqual(["Associate", "Partner"]);
    expect((await loadLookupLists(store, { orgId: OTHER_ORG_ID })).memberLevels).toBeNull();
  });

  it("writes list CSVs with formula-leading cells escaped", async () => {
    const store = await h.seeded();
    const text = departmentsCsv(await loadLookupLists(store, { orgId: SEED_ORG_ID }));
    expect(text).toBe("\ufeffDepartment\r\nLitigation\r\nCorporate\r\n'=Formula Dept\r\n");
  });
}

export function outboxSuite(h: ConformanceHarness): void {
  it("an import writes its welcome emails to the outbox in its transaction; the host lists, acknowledges and drains them", async () => {
    const store = await h.seeded();
    expectOk(
      await importInto(
        store,
        "PERFORM",
        csv(
          "First Name,Last Name,Email",
          "New,One,new1@firm.example",
          "Dev,Raman,dev@firm.example",
        ),
      ),
    );
    const listed = await listWelcomeEmails(store, { orgId: SEED_ORG_ID });
    expect(listed.map((email) => [email.email, email.reason])).toEqual([
      ["new1@firm.example", "MEMBER_CREATED"],
      ["dev@firm.example", "PRODUCT_GRANTED"],
    ]);
    await acknowledgeWelcomeEmails(store, { orgId: SEED_ORG_ID, ids: [listed[0]?.id ?? ""] });
    const drained = await drainWelcomeEmails(store, { orgId: SEED_ORG_ID });
    expect(drained).toEqual(listed.slice(1));
    expect(await listWelcomeEmails(store, { orgId: SEED_ORG_ID })).toEqual([]);
  });
}
