import { join } from "node:path";
import { createHttpHandler } from "../../src/http/index";
import {
  applyMemberEdit,
  checkMatterCsv,
  createMemoryStore,
  importMembers,
  MATTER_HEADERS,
  type MessageKey,
  matterRejectionText,
  type PartialMessageCatalog,
  performMemberEmails,
  validateMemberCsv,
} from "../../src/index";
import { createMemberRuleContext } from "../../src/members/rule-context";
import { ADMIN, BASE, PASSWORD, SECRET, sandboxSnapshot, upload } from "../http/support";
import { FIXTURE_NOW, FIXTURES, loadSnapshot } from "../support/fixtures";
import { accountMarkerCase } from "./account-marker-cases";

/** A case that makes the engine say some messages and checks each with `keyOf`. */
export type MarkerCase = (
  messages: PartialMessageCatalog,
  keyOf: (message: string, type?: string) => MessageKey,
) => void | Promise<void>;

const snapshot = () => loadSnapshot(join(FIXTURES, "org.json"));

function validateMembers(
  csv: string,
  product: "RECRUIT" | "PERFORM",
  messages: PartialMessageCatalog,
  keyOf: (message: string, type?: string) => MessageKey,
): MessageKey[] {
  const { organization, members } = snapshot();
  const verdict = validateMemberCsv(csv, {
    product,
    organization,
    members,
    now: FIXTURE_NOW,
    messages,
  });
  if (verdict.ok) throw new Error("expected a 400 body");
  const { fileError, rowColumnErrors } = verdict.result;
  if (fileError !== null) return [keyOf(fileError.message, fileError.type)];
  return rowColumnErrors.map((error) => keyOf(error.message, error.type));
}

function expectKeys(said: readonly MessageKey[], expected: readonly MessageKey[]): void {
  for (const key of expected)
    if (!said.includes(key)) throw new Error(`expected ${key}, the engine said ${said.join(", ")}`);
}

/** Inputs the fixture corpora do not hold, for the keys they do not reach. */
export const markerCases: MarkerCase[] = [
  accountMarkerCase,
  (messages, keyOf) =>
    expectKeys(
      validateMembers(
        "First Name,Last Name,Email\nA\u0000,B,c@x.example\n",
        "PERFORM",
        messages,
        keyOf,
      ),
      ["file.NOT_UTF8.nul"],
    ),
  (messages, keyOf) =>
    expectKeys(
      validateMembers(
        'First Name,Last Name,Email,Mentor Emails\nAnn,Lee,a1@hartwell.example,"ada.okoye@hartwell.example, ben.marsh@hartwell.example"\n',
        "PERFORM",
        messages,
        keyOf,
      ),
      ["member.INVALID_EMAIL.mentorSeparators"],
    ),
  async (messages, keyOf) => {
    // An Admin of UNI alone moves a RECRUIT and PERFORM Admin, and grants ADMIN on RECRUIT.
    const data = snapshot();
    const outcome = await importMembers(createMemoryStore(data), {
      orgId: data.organization.id,
      product: "RECRUIT",
      file: "First Name,Last Name,Email,New Email,Role\nAda,Okoye,ada.okoye@hartwell.example,ada.new@hartwell.example,\nNew,Admin,new.admin@hartwell.example,,ADMIN\n",
      now: FIXTURE_NOW,
      actor: { id: "m-006", products: [{ product: "UNI", role: "ADMIN" }] },
      messages,
    });
    if (outcome.ok) throw new Error("expected a 400 body");
    const said = outcome.result.rowColumnErrors.map((error) => keyOf(error.message, error.type));
    expectKeys(said, [
      "member.ROW_VALUE_CONFLICT.moveNeedsAdmin",
      "member.ROW_VALUE_CONFLICT.notAllowed",
    ]);
  },
  (messages, keyOf) => {
    // More failing rows than the upsert's 400 body lists.
    const row = ",Name,ada.okoye@hartwell.example,ada.okoye@hartwell.example,,,1,Client,";
    const csv = [MATTER_HEADERS.join(","), ...Array.from({ length: 101 }, () => row)].join("\n");
    const check = checkMatterCsv(csv, {
      ruleSet: "upsert",
      performMemberEmails: performMemberEmails(snapshot()),
      messages,
    });
    if (check.ok) throw new Error("expected failing rows");
    const lines = matterRejectionText(check.result, check.problems, messages).split("\n");
    expectKeys(
      lines.map((line) => keyOf(line.trim())),
      ["matter.upsert.rowLine", "matter.upsert.moreRows"],
    );
  },
  (messages, keyOf) => {
    // A member edit (the GraphQL path) shares the member messages; a NUL is its own rule there.
    const data = snapshot();
    const member = data.members[0];
    if (member === undefined) throw new Error("the fixture organization has no member");
    const rules = createMemberRuleContext(
      data.organization,
      "PERFORM",
      FIXTURE_NOW,
      null,
      messages,
    );
    const edit = applyMemberEdit(member, { firstName: "A\u0000" }, rules);
    if (edit.ok) throw new Error("expected a refused edit");
    expectKeys(
      edit.errors.map((error) => keyOf(error.message, error.type)),
      ["member.INVALID_FORMAT.nul"],
    );
  },
  async (messages, keyOf) => {
    // Through the HTTP handler: a body that is not multipart, and the deprecated upload's 400.
    const handler = createHttpHandler({
      store: createMemoryStore(sandboxSnapshot()),
      tokenSecret: SECRET,
      now: () => new Date("2026-06-15T12:00:00Z"),
      messages,
    });
    const signIn = await handler(
      new Request(`${BASE}/app/sandbox/admin/auth/`, {
        method: "POST",
        body: new URLSearchParams({ email: ADMIN, password: PASSWORD }),
      }),
    );
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] as string;
    const post = (path: string, init: RequestInit) =>
      handler(
        new Request(`${BASE}${path}`, {
          method: "POST",
          ...init,
          headers: { cookie, ...init.headers },
        }),
      );
    const broken = await post("/api/v2/members/import-csv?product=PERFORM", {
      body: "--x\r\nnot a part",
      headers: { "content-type": "multipart/form-data; boundary=y" },
    });
    const body = (await broken.json()) as { fileError: { message: string; type: string } };
    expectKeys([keyOf(body.fileError.message, body.fileError.type)], ["file.MALFORMED.multipart"]);
    const row = ",Name,ada.okoye@hartwell.example,ada.okoye@hartwell.example,,,1,Client,";
    const legacy = await post(
      "/api/v2/matters-csv/upload-csv?reviewCycleId=6f1c2a4e-8b3d-4c5e-9a7f-0d2e1b3c4a5f",
      { body: upload([MATTER_HEADERS.join(","), row].join("\n")) },
    );
    expectKeys([keyOf(await legacy.text())], ["matter.legacy.invalidRows"]);
  },
];
