import { describe, expect, it } from "vitest";
import { clientOf, json, StubService } from "./stub-service";

describe("rpdi/client edges", () => {
  it("a one-minute cookie is renewed a quarter of its life early, not before every call", async () => {
    const service = new StubService({ maxAgeSeconds: 60, api: () => json(["Litigation"]) });
    const client = clientOf(service);
    await client.lists.departments();
    service.clock.advance(30_000);
    await client.lists.departments();
    expect(service.logins).toHaveLength(1);
    service.clock.advance(20_000);
    await client.lists.departments();
    expect(service.logins).toHaveLength(2);
  });

  it("a Date range with fractions of a second is sent covering it: the start rounded down, the end up", async () => {
    const service = new StubService({ api: () => json([]) });
    await clientOf(service).feed.jobApplications({
      start: new Date("2026-03-01T10:00:00.250Z"),
      end: new Date("2026-03-01T11:00:00.750Z"),
    });
    const sent = service.requests.find(
      (request) => request.url.pathname === "/v1/job-applications",
    );
    expect(sent?.url.searchParams.get("job_application_status_start")).toBe("2026-03-01T10:00:00Z");
    expect(sent?.url.searchParams.get("job_application_status_end")).toBe("2026-03-01T11:00:01Z");
  });

  it("a pull iterated a second time says so instead of yielding nothing", async () => {
    const service = new StubService({ api: () => json([]) });
    const pull = clientOf(service).feed.pull({ since: "2026-01-01", until: "2026-01-10" });
    for await (const _ of pull) expect.unreachable("no applications");
    expect(pull.stats.windows).toBe(2);
    expect(() => pull[Symbol.asyncIterator]()).toThrow("iterated once");
  });
});

describe("rpdi/client secrets", () => {
  it("redacts the password for the client's life and the cookies of the last 8 sessions only", async () => {
    const { Secrets, REDACTED } = await import("../../src/client/secrets");
    const secrets = new Secrets(["correct horse battery staple"]);
    for (let session = 1; session <= 9; session += 1) secrets.addSession(`cookie-value-${session}`);
    expect(secrets.redact("correct horse battery staple")).toBe(REDACTED);
    expect(secrets.redact("cookie-value-9 cookie-value-2")).toBe(`${REDACTED} ${REDACTED}`);
    expect(secrets.redact("cookie-value-1")).toBe("cookie-value-1");
  });
});
