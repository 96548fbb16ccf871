import {
  type AccountOutcome,
  acceptInvitation,
  beginMfaEnrollment,
  changePassword,
  confirmMfaEnrollment,
  createMemoryStore,
  issueInvitation,
  type MessageKey,
  type PartialMessageCatalog,
  removeMfa,
  resetPassword,
} from "../../src/index";
import { createWindowRateLimiter } from "../../src/runtime/rate-limit";
import { cheapHasher, PASSWORD, sandboxSnapshot } from "../http/support";

const ORG = "org-sandbox";
const NOW = new Date("2026-06-15T12:00:00Z");

/** Every account refusal, each from the input that breaks its rule, said through `messages`. */
export async function accountMarkerCase(
  messages: PartialMessageCatalog,
  keyOf: (message: string, type?: string) => MessageKey,
): Promise<void> {
  const snapshot = sandboxSnapshot();
  const hasher = cheapHasher();
  for (const member of snapshot.members ?? [])
    if (member.credentials?.passwordHash)
      member.credentials.passwordHash = await hasher.hash(PASSWORD);
  const store = createMemoryStore(snapshot);
  const context = { messages, hasher };
  const said: MessageKey[] = [];
  const note = (outcome: AccountOutcome) => {
    if (outcome.ok) throw new Error("expected a refusal");
    said.push(keyOf(outcome.error.message, outcome.error.code));
  };
  const admin = "m-sandbox-admin";
  const change = (newPassword: string, currentPassword = PASSWORD) =>
    changePassword(
      store,
      { orgId: ORG, memberId: admin, currentPassword, newPassword, now: NOW },
      context,
    );
  note(await change("short"));
  note(await change("x".repeat(129)));
  note(await change("password123"));
  note(await change("hartwell forever and ever"));
  note(await change("a long passphrase here", "not the password"));
  const invited = await issueInvitation(store, { orgId: ORG, memberId: admin, now: NOW });
  if (!invited.ok) throw new Error("no invitation");
  const late = new Date(NOW.getTime() + 8 * 24 * 60 * 60 * 1000);
  const token = invited.email.token ?? "";
  note(
    await acceptInvitation(
      store,
      { orgId: ORG, token, password: "a long passphrase", now: late },
      context,
    ),
  );
  note(
    await resetPassword(
      store,
      { orgId: ORG, token, password: "a long passphrase", now: NOW },
      context,
    ),
  );
  note(await issueInvitation(store, { orgId: ORG, memberId: "m-nobody", now: NOW }, context));
  note(
    await confirmMfaEnrollment(
      store,
      { orgId: ORG, memberId: admin, code: "123456", now: NOW },
      context,
    ),
  );
  note(
    await removeMfa(
      store,
      { orgId: ORG, memberId: admin, password: PASSWORD, code: "123456", now: NOW },
      context,
    ),
  );
  await beginMfaEnrollment(store, { orgId: ORG, memberId: admin, now: NOW });
  note(
    await confirmMfaEnrollment(
      store,
      { orgId: ORG, memberId: admin, code: "000000", now: NOW },
      context,
    ),
  );
  const strict = createMemoryStore({
    ...snapshot,
    organization: { ...snapshot.organization, mfaRequired: true },
  });
  note(
    await removeMfa(
      strict,
      { orgId: ORG, memberId: admin, password: PASSWORD, code: "123456", now: NOW },
      context,
    ),
  );
  const limiter = createWindowRateLimiter({ limit: 1, windowMs: 60_000 });
  const limited = { ...context, limiter };
  await acceptInvitation(
    store,
    { orgId: ORG, token, password: PASSWORD, now: NOW, client: "c" },
    limited,
  );
  note(
    await acceptInvitation(
      store,
      { orgId: ORG, token, password: PASSWORD, now: NOW, client: "c" },
      limited,
    ),
  );
  const expected = [
    "account.WEAK_PASSWORD.tooShort",
    "account.WEAK_PASSWORD.tooLong",
    "account.WEAK_PASSWORD.common",
    "account.WEAK_PASSWORD.ownWords",
    "account.WRONG_PASSWORD.current",
    "account.INVALID_TOKEN.expired",
    "account.INVALID_TOKEN.unknown",
    "account.MEMBER_NOT_FOUND.member",
    "account.NO_MFA_ENROLLMENT.none",
    "account.NO_MFA_ENROLLMENT.notEnrolled",
    "account.INVALID_MFA_CODE.code",
    "account.MFA_REQUIRED.organization",
    "account.THROTTLED.wait",
  ];
  if (said.join() !== expected.join())
    throw new Error(`expected ${expected.join(", ")}; the services said ${said.join(", ")}`);
}
