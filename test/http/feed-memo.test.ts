import { describe, expect, it } from "vitest";
import { queryJobApplications } from "../../src/feed/query";
import type { Store } from "../../src/store/port";
import { ADMIN, sandbox, sandboxSnapshot } from "./support";

const ORG_ID = sandboxSnapshot().organization.id as string;

/** The feed's records as the library makes them, with no kept answer anywhere. */
async function madeNow(store: Store, now: Date, query = ""): Promise<string> {
  const outcome = await queryJobApplications(store, {
    orgId: ORG_ID,
    params: new URLSearchParams(query),
    now,
  });
  if (!outcome.ok) throw new Error(outcome.error.message);
  return JSON.stringify(outcome.items);
}

describe("the feed's kept answers never outlive the data or the window they were made for", () => {
  it("answers the new data on the request after a snapshot replaces the organization", async () => {
    const { request, login, store, clock } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const feed = async () =>
      (await request("/v1/job-applications", { headers: { cookie } })).text();
    const before = await feed();
    expect(await feed()).toBe(before);

    // The same status changes at the same times: only the bytes of a record differ.
    const snapshot = sandboxSnapshot();
    const candidate = (snapshot.candidates as { lastName: string }[])[0] as { lastName: string };
    candidate.lastName = "Renamed-after-the-first-answer";
    await store.loadSnapshot(snapshot as Parameters<Store["loadSnapshot"]>[0]);

    const after = await feed();
    expect(after).toContain("Renamed-after-the-first-answer");
    expect(after).toBe(await madeNow(store, clock.now));
  });

  it("answers what the moving clock brings into the default window and takes out of it", async () => {
    const { request, login, store, clock } = sandbox();
    // The sandbox has a change at exactly 2026-06-15T12:00:00Z, and one exactly 30 days before.
    const at = (text: string) => {
      clock.now = new Date(text);
    };
    at("2026-06-15T11:59:59.999Z");
    const cookie = (await login(ADMIN)) as string;
    const answers = new Set<string>();
    for (const now of [
      "2026-06-15T11:59:59.999Z",
      "2026-06-15T12:00:00.000Z",
      "2026-06-15T12:00:00.001Z",
    ]) {
      at(now);
      for (let asked = 0; asked < 2; asked++) {
        const response = await request("/v1/job-applications", { headers: { cookie } });
        const body = await response.text();
        expect(body).toBe(await madeNow(store, clock.now));
        answers.add(body);
      }
    }
    expect(answers.size).toBe(3);
  });

  it("answers the same bytes after a caller overwrote the bytes it was handed", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const first = await request("/v1/job-applications", { headers: { cookie } });
    const bytes = new Uint8Array(await first.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    bytes.fill(0x20);
    const again = await request("/v1/job-applications", { headers: { cookie } });
    expect(await again.text()).toBe(text);
  });

  it("answers each filter its own records", async () => {
    const { request, login, store, clock } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    for (const query of [
      "",
      "job_application_status=offer",
      "job_application_status_bucket=active",
    ]) {
      for (let asked = 0; asked < 2; asked++) {
        const response = await request(`/v1/job-applications?${query}`, { headers: { cookie } });
        expect(await response.text()).toBe(await madeNow(store, clock.now, query));
      }
    }
  });
});
