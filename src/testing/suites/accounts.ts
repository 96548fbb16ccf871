import { expect, it, type TestContext } from "vitest";
import type { AccountToken, AccountTokenPurpose, MfaEnrollment } from "../../domain/account";
import type { Member } from "../../domain/member";
import { type OrganizationSnapshot, organizationSnapshotSchema } from "../../domain/snapshot";
import type { WelcomeEmail } from "../../domain/welcome-email";
import { deleteMember } from "../../members/operations";
import { type AccountTx, supportsAccounts } from "../../store/accounts";
import { isWelcomeEmailOutbox, type Store } from "../../store/port";
import { type ConformanceHarness, canonical, memberNamed } from "../harness";
import { OTHER_ORG_ID, SEED_NOW, SEED_ORG_ID, seedOrganization } from "../seed";

const NO_ACCOUNTS =
  "the store's transactions have no account operations (supportsAccounts is false)";

const DAY_MS = 24 * 60 * 60 * 1000;
const CREATED_AT = SEED_NOW.toISOString();
const EXPIRES_AT = new Date(SEED_NOW.getTime() + 7 * DAY_MS).toISOString();

/** A SHA-256-shaped hash (64 lower-case hex digits) of its own for each `n`. */
const hashOf = (n: number) => n.toString(16).padStart(64, "0");

function accountToken(
  memberId: string,
  purpose: AccountTokenPurpose,
  n: number,
  email = `${memberId.slice(2)}@firm.example`,
): AccountToken {
  return {
    memberId,
    purpose,
    tokenHash: hashOf(n),
    email,
    createdAt: CREATED_AT,
    expiresAt: EXPIRES_AT,
  };
}

function enrollment(memberId: string, secret: string): MfaEnrollment {
  return { memberId, secret, createdAt: CREATED_AT, expiresAt: EXPIRES_AT };
}

/** Skips the test (with the reason in the report) when the store's transactions keep no accounts. */
async function skipWithoutAccounts(store: Store, context: TestContext): Promise<void> {
  const supported = await store.transaction(SEED_ORG_ID, async (tx) => supportsAccounts(tx), {
    readOnly: true,
  });
  if (!supported) context.skip(NO_ACCOUNTS);
}

/** A seeded store whose transactions keep accounts; the test is skipped otherwise. */
async function accountStore(h: ConformanceHarness, context: TestContext): Promise<Store> {
  const store = await h.seeded();
  await skipWithoutAccounts(store, context);
  return store;
}

/** Runs `work` in one transaction with the account operations. */
function inAccounts<T>(
  store: Store,
  work: (tx: AccountTx) => Promise<T>,
  orgId = SEED_ORG_ID,
): Promise<T> {
  return store.transaction(orgId, (tx) => {
    if (!supportsAccounts(tx)) throw new Error(NO_ACCOUNTS);
    return work(tx);
  });
}

const find = (store: Store, purpose: AccountTokenPurpose, n: number, orgId = SEED_ORG_ID) =>
  inAccounts(store, (tx) => tx.findAccountToken(purpose, hashOf(n)), orgId);

/** The snapshot's tokens and enrollments, in one order whatever the adapter's. */
function accountState(snapshot: OrganizationSnapshot) {
  const { accountTokens, mfaEnrollments } = canonical(snapshot);
  return { accountTokens, mfaEnrollments };
}

/**
 * The port's account operations (optional: skipped when the store has none): invitation and
 * recovery tokens by hash, pending MFA enrollments, credentials changes, in snapshots too.
 */
export function accountsSuite(h: ConformanceHarness): void {
  accountTokenTests(h);
  memberRemovalTests(h);
  credentialsTests(h);
  unknownMemberTests(h);
  mfaEnrollmentTests(h);
  accountSnapshotTests(h);
  rollbackTests(h);
}

function accountTokenTests(h: ConformanceHarness): void {
  it("saves a token and finds it by purpose and hash; a newer token of the same purpose replaces it", async (context) => {
    const store = await accountStore(h, context);
    const first = accountToken("m-ada", "INVITATION", 1);
    await inAccounts(store, (tx) => tx.saveAccountTokens([first]));
    expect(await find(store, "INVITATION", 1)).toEqual(first);
    expect(await find(store, "INVITATION", 2)).toBeNull();
    const newer = { ...accountToken("m-ada", "INVITATION", 2), createdAt: EXPIRES_AT };
    await inAccounts(store, (tx) => tx.saveAccountTokens([newer]));
    expect(await find(store, "INVITATION", 1)).toBeNull();
    expect(await find(store, "INVITATION", 2)).toEqual(newer);
    expect((await h.readBack(store, SEED_ORG_ID)).accountTokens).toEqual([newer]);
  });

  it("keeps the purposes apart, members apart, and deletes one member's token of one purpose", async (context) => {
    const store = await accountStore(h, context);
    const tokens = [
      accountToken("m-ada", "INVITATION", 11),
      accountToken("m-ada", "RECOVERY", 12),
      accountToken("m-ben", "INVITATION", 13),
    ];
    await inAccounts(store, (tx) => tx.saveAccountTokens(tokens));
    expect(await find(store, "RECOVERY", 11)).toBeNull();
    expect(await find(store, "INVITATION", 12)).toBeNull();
    expect(await find(store, "RECOVERY", 12)).toEqual(tokens[1]);
    await inAccounts(store, (tx) => tx.deleteAccountToken("m-ada", "INVITATION"));
    expect(await find(store, "INVITATION", 11)).toBeNull();
    expect(await find(store, "RECOVERY", 12)).toEqual(tokens[1]);
    expect(await find(store, "INVITATION", 13)).toEqual(tokens[2]);
    // Deleting a token that is not there writes nothing and does not fail.
    await inAccounts(store, (tx) => tx.deleteAccountToken("m-ada", "INVITATION"));
    await inAccounts(store, (tx) => tx.deleteAccountToken("m-nobody", "RECOVERY"));
    expect(accountState(await h.readBack(store, SEED_ORG_ID)).accountTokens).toEqual([
      tokens[1],
      tokens[2],
    ]);
  });

  it("finds no token of another organization", async (context) => {
    const store = await accountStore(h, context);
    const other = accountToken("o-sam", "INVITATION", 21, "sam@other.example");
    await inAccounts(store, (tx) => tx.saveAccountTokens([other]), OTHER_ORG_ID);
    expect(await find(store, "INVITATION", 21, OTHER_ORG_ID)).toEqual(other);
    expect(await find(store, "INVITATION", 21)).toBeNull();
    expect((await h.readBack(store, SEED_ORG_ID)).accountTokens).toEqual([]);
    await inAccounts(store, (tx) => tx.deleteAccountToken("o-sam", "INVITATION"));
    expect(await find(store, "INVITATION", 21, OTHER_ORG_ID)).toEqual(other);
  });
}

function memberRemovalTests(h: ConformanceHarness): void {
  it("drops a member's tokens and MFA enrollment with the member, and no one else's", async (context) => {
    const store = await accountStore(h, context);
    await inAccounts(store, async (tx) => {
      await tx.saveAccountTokens([
        accountToken("m-ben", "INVITATION", 31),
        accountToken("m-ben", "RECOVERY", 32),
        accountToken("m-cleo", "RECOVERY", 33),
      ]);
      await tx.saveMfaEnrollment(enrollment("m-ben", "BENSECRET"));
      await tx.saveMfaEnrollment(enrollment("m-cleo", "CLEOSECRET"));
    });
    expect((await deleteMember(store, { orgId: SEED_ORG_ID, memberId: "m-ben" })).ok).toBe(true);
    expect(await find(store, "INVITATION", 31)).toBeNull();
    expect(await find(store, "RECOVERY", 32)).toBeNull();
    expect(await inAccounts(store, (tx) => tx.loadMfaEnrollment("m-ben"))).toBeNull();
    expect(accountState(await h.readBack(store, SEED_ORG_ID))).toEqual({
      accountTokens: [accountToken("m-cleo", "RECOVERY", 33)],
      mfaEnrollments: [enrollment("m-cleo", "CLEOSECRET")],
    });
  });

  it("drops the organization's tokens and enrollments when a snapshot replaces it", async (context) => {
    const store = await accountStore(h, context);
    await inAccounts(store, async (tx) => {
      await tx.saveAccountTokens([accountToken("m-ada", "RECOVERY", 41)]);
      await tx.saveMfaEnrollment(enrollment("m-ada", "ADASECRET"));
    });
    await store.loadSnapshot(organizationSnapshotSchema.parse(seedOrganization()));
    expect(await find(store, "RECOVERY", 41)).toBeNull();
    expect(await inAccounts(store, (tx) => tx.loadMfaEnrollment("m-ada"))).toBeNull();
    expect(accountState(await h.readBack(store, SEED_ORG_ID))).toEqual({
      accountTokens: [],
      mfaEnrollments: [],
    });
  });
}

/** The member as stored, without what a credentials change may write. */
function withoutCredentials(member: Member) {
  const { credentials: _, useMfa: __, ...rest } = member;
  return rest;
}

function credentialsTests(h: ConformanceHarness): void {
  it("changes only the credentials given, and each change raises the member's session epoch", async (context) => {
    const store = await accountStore(h, context);
    const before = await h.readBack(store, SEED_ORG_ID);
    const ada = () =>
      h.readBack(store, SEED_ORG_ID).then((s) => memberNamed(s, "ada@firm.example"));
    const update = (change: Parameters<AccountTx["updateMemberCredentials"]>[1]) =>
      inAccounts(store, (tx) => tx.updateMemberCredentials("m-ada", change));
    const epochs = [memberNamed(before, "ada@firm.example").credentials.sessionEpoch];

    expect(await update({ passwordHash: "hash-1" })).toBe(true);
    let now = await ada();
    expect([now.credentials.passwordHash, now.credentials.mfaSecret, now.useMfa]).toEqual([
      "hash-1",
      null,
      false,
    ]);
    epochs.push(now.credentials.sessionEpoch);

    expect(await update({ mfaSecret: "JBSWY3DPEHPK3PXP", useMfa: true })).toBe(true);
    now = await ada();
    expect([now.credentials.passwordHash, now.credentials.mfaSecret, now.useMfa]).toEqual([
      "hash-1",
      "JBSWY3DPEHPK3PXP",
      true,
    ]);
    epochs.push(now.credentials.sessionEpoch);

    expect(await update({ passwordHash: null, useMfa: false })).toBe(true);
    now = await ada();
    expect([now.credentials.passwordHash, now.credentials.mfaSecret, now.useMfa]).toEqual([
      null,
      "JBSWY3DPEHPK3PXP",
      false,
    ]);
    epochs.push(now.credentials.sessionEpoch);

    expect(epochs.every((epoch, i) => i === 0 || epoch > (epochs[i - 1] as number))).toBe(true);
    expect(withoutCredentials(now)).toEqual(
      withoutCredentials(memberNamed(before, "ada@firm.example")),
    );
    const after = await h.readBack(store, SEED_ORG_ID);
    expect(after.members.filter((m) => m.id !== "m-ada")).toEqual(
      before.members.filter((m) => m.id !== "m-ada"),
    );
  });
}

function unknownMemberTests(h: ConformanceHarness): void {
  it("answers false for an unknown member (or one of another organization) and writes nothing", async (context) => {
    const store = await accountStore(h, context);
    const before = await h.readBack(store, SEED_ORG_ID);
    const other = await h.readBack(store, OTHER_ORG_ID);
    for (const memberId of ["m-nobody", "o-sam"])
      expect(
        await inAccounts(store, (tx) =>
          tx.updateMemberCredentials(memberId, { passwordHash: "hash-x", useMfa: true }),
        ),
      ).toBe(false);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
    expect(await h.readBack(store, OTHER_ORG_ID)).toEqual(other);
  });
}

function mfaEnrollmentTests(h: ConformanceHarness): void {
  it("saves, loads, replaces and deletes a member's pending MFA enrollment, members apart", async (context) => {
    const store = await accountStore(h, context);
    const load = (memberId: string, orgId = SEED_ORG_ID) =>
      inAccounts(store, (tx) => tx.loadMfaEnrollment(memberId), orgId);
    expect(await load("m-ada")).toBeNull();
    await inAccounts(store, (tx) => tx.saveMfaEnrollment(enrollment("m-ada", "FIRSTSECRET")));
    expect(await load("m-ada")).toEqual(enrollment("m-ada", "FIRSTSECRET"));
    const second = { ...enrollment("m-ada", "SECONDSECRET"), expiresAt: CREATED_AT };
    await inAccounts(store, (tx) => tx.saveMfaEnrollment(second));
    expect(await load("m-ada")).toEqual(second);
    expect(await load("m-ben")).toBeNull();
    expect(await load("m-ada", OTHER_ORG_ID)).toBeNull();
    expect((await h.readBack(store, SEED_ORG_ID)).mfaEnrollments).toEqual([second]);
    await inAccounts(store, (tx) => tx.deleteMfaEnrollment("m-ada"));
    expect(await load("m-ada")).toBeNull();
    await inAccounts(store, (tx) => tx.deleteMfaEnrollment("m-ada"));
    expect((await h.readBack(store, SEED_ORG_ID)).mfaEnrollments).toEqual([]);
  });
}

/** Outbox emails that carry a token, the invitation's and recovery's without a product. */
function tokenEmails(): WelcomeEmail[] {
  const email = (id: string, memberId: string, address: string) => ({
    id,
    memberId,
    email: address,
    firstName: "Ada",
    lastName: "Admin",
    createdAt: CREATED_AT,
  });
  return [
    {
      ...email("w-created", "m-ada", "ada@firm.example"),
      product: "PERFORM",
      reason: "MEMBER_CREATED",
      token: "invitation-token-1",
      tokenExpiresAt: EXPIRES_AT,
    },
    {
      ...email("w-granted", "m-ada", "ada@firm.example"),
      product: "RECRUIT",
      reason: "PRODUCT_GRANTED",
      token: null,
      tokenExpiresAt: null,
    },
    {
      ...email("w-invited", "m-ben", "ben@firm.example"),
      product: null,
      reason: "INVITATION",
      token: "invitation-token-2",
      tokenExpiresAt: EXPIRES_AT,
    },
    {
      ...email("w-recovery", "m-cleo", "Cleo@firm.example"),
      product: null,
      reason: "PASSWORD_RECOVERY",
      token: "recovery-token-1",
      tokenExpiresAt: EXPIRES_AT,
    },
  ];
}

function accountSnapshotTests(h: ConformanceHarness): void {
  it("loads and exports tokens, enrollments and the outbox's token fields, and a reload keeps them", async (context) => {
    const snapshot = organizationSnapshotSchema.parse({
      ...seedOrganization(),
      welcomeEmails: tokenEmails(),
      accountTokens: [
        accountToken("m-cleo", "RECOVERY", 51, "Cleo@firm.example"),
        accountToken("m-ada", "INVITATION", 52),
        accountToken("m-ben", "INVITATION", 53),
      ],
      mfaEnrollments: [enrollment("m-ben", "BENSECRET"), enrollment("m-ada", "ADASECRET")],
    });
    const store = await h.fresh();
    await store.loadSnapshot(snapshot);
    await skipWithoutAccounts(store, context);
    const exported = await h.readBack(store, SEED_ORG_ID);
    expect(accountState(exported)).toEqual(accountState(snapshot));
    expect(exported.welcomeEmails).toEqual(snapshot.welcomeEmails);
    expect(await find(store, "RECOVERY", 51)).toEqual(snapshot.accountTokens[0]);
    expect(await inAccounts(store, (tx) => tx.listWelcomeEmails())).toEqual(tokenEmails());

    const reloaded = await h.fresh();
    await reloaded.loadSnapshot(organizationSnapshotSchema.parse(exported));
    const again = await h.readBack(reloaded, SEED_ORG_ID);
    expect(accountState(again)).toEqual(accountState(snapshot));
    expect(again.welcomeEmails).toEqual(snapshot.welcomeEmails);
    expect(await inAccounts(reloaded, (tx) => tx.loadMfaEnrollment("m-ben"))).toEqual(
      enrollment("m-ben", "BENSECRET"),
    );
    if (isWelcomeEmailOutbox(reloaded)) {
      const claimed = await reloaded.claimWelcomeEmails({
        worker: "accounts",
        limit: 10,
        leaseMs: 1000,
        now: SEED_NOW,
      });
      expect(claimed.map((item) => item.email)).toEqual(tokenEmails());
    }
  });
}

function rollbackTests(h: ConformanceHarness): void {
  it("leaves no token, enrollment or credentials change of a transaction that fails after writing", async (context) => {
    const store = await accountStore(h, context);
    await inAccounts(store, (tx) => tx.saveAccountTokens([accountToken("m-ada", "RECOVERY", 61)]));
    const before = await h.readBack(store, SEED_ORG_ID);
    const failure = new Error("work failed after writing");
    await expect(
      inAccounts(store, async (tx) => {
        await tx.saveAccountTokens([
          accountToken("m-ada", "RECOVERY", 62),
          accountToken("m-ben", "INVITATION", 63),
        ]);
        await tx.deleteAccountToken("m-ada", "RECOVERY");
        await tx.saveMfaEnrollment(enrollment("m-ada", "ADASECRET"));
        expect(await tx.updateMemberCredentials("m-ada", { passwordHash: "hash-1" })).toBe(true);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await h.readBack(store, SEED_ORG_ID)).toEqual(before);
    expect(await find(store, "RECOVERY", 61)).toEqual(accountToken("m-ada", "RECOVERY", 61));
    expect(await find(store, "INVITATION", 63)).toBeNull();
    expect(await inAccounts(store, (tx) => tx.loadMfaEnrollment("m-ada"))).toBeNull();
  });
}
