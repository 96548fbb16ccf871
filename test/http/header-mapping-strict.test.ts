import { describe, expect, it } from "vitest";
import { loadColumnMapping, saveColumnMapping } from "../../src/mapping/column-mapping-service";
import { remapMemberCsv } from "../../src/mapping/remap";
import { ADMIN, sandbox, upload } from "./support";

const ORG = "org-sandbox";
const HRIS = "Given Name,Surname,E-mail Address\nZoe,Kim,zoe.kim@hartwell.example\n";

async function admin() {
  const context = sandbox();
  const cookie = (await context.login(ADMIN)) as string;
  const call = (path: string, init: RequestInit = {}) =>
    context.request(path, { ...init, headers: { cookie } });
  return { ...context, call };
}

/*
 * Issue 33: header mapping is the library's and the CLI's; the spec's endpoints stay strict. An
 * export's headers are refused with UNEXPECTED_COLUMNS exactly as before, even when the
 * organization has a saved mapping that would fit the file.
 */
describe("the spec's endpoints stay strict about headers", () => {
  it("POST /members/import-csv refuses an HRIS export's headers with UNEXPECTED_COLUMNS, saved mapping or not", async () => {
    const { call, store } = await admin();
    const expected = {
      fileError: {
        type: "UNEXPECTED_COLUMNS",
        message:
          'Unrecognized columns: "Given Name", "Surname", "E-mail Address". Recognized columns are: Employee ID, First Name, Last Name, Email, New Email, Job Title, Level, Office City, Office State (US Only), Office Country (Non-US Only), Department, Practice Area, Law School, Graduation Year, Effective Class Year, Start Date, Role, SSO ID, Use MFA, Bio Link, Work Arrangement, FLSA Status, Manager Email, Mentor Emails.',
      },
      rowColumnErrors: [],
    };
    const before = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload(HRIS),
    });
    expect([before.status, await before.json()]).toEqual([400, expected]);
    const saved = await saveColumnMapping(store, {
      orgId: ORG,
      kind: "members",
      mapping: { "Given Name": "First Name", Surname: "Last Name", "E-mail Address": "Email" },
    });
    expect(saved.ok).toBe(true);
    const members = (await store.exportSnapshot(ORG))?.members;
    const after = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload(HRIS),
    });
    expect([after.status, await after.json()]).toEqual([400, expected]);
    expect((await store.exportSnapshot(ORG))?.members).toEqual(members);

    const remapped = remapMemberCsv(
      HRIS,
      await loadColumnMapping(store, { orgId: ORG, kind: "members" }),
    );
    if (!remapped.ok) throw new Error(remapped.error.message);
    const imported = await call("/api/v2/members/import-csv?product=PERFORM", {
      method: "POST",
      body: upload(remapped.file),
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ createdCount: 1, updatedCount: 0 });
  });

  it("the matter validators refuse a practice-management export's headers with UNREADABLE_FILE, saved mapping or not", async () => {
    const { call, store } = await admin();
    const file =
      "Matter Number,Matter Title,Timekeeper Email,Billing Partner Email,Open Date,Close Date,Billed Hours,Client,Matter Description\n";
    const ask = async () =>
      (
        await call("/api/v2/matters-csv/validate-upsert", { method: "POST", body: upload(file) })
      ).json();
    const before = await ask();
    expect(before.fileError.type).toBe("UNREADABLE_FILE");
    await saveColumnMapping(store, {
      orgId: ORG,
      kind: "matters",
      mapping: { "Matter Number": "Matter ID" },
    });
    expect(await ask()).toEqual(before);
  });
});
