import { describe, expect, it } from "vitest";
import { ADMIN, sandbox } from "../http/support";

describe("answers an attacker's odd requests the way the decisions say", () => {
  it("a repeated feed parameter is a 400 {error}, not the validator's internals", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request(
      "/v1/job-applications?job_application_status=a&job_application_status=b",
      { headers: { cookie } },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(["error"]);
    expect(JSON.stringify(body)).not.toContain("ZodError");
  });

  it("a store that rejects with a non-Error is a 500 without details, told to the host", async () => {
    const seen: unknown[] = [];
    const context = sandbox({ onError: (error) => seen.push(error) });
    const cookie = (await context.login(ADMIN)) as string;
    context.store.transaction = () => Promise.reject("raw string from a driver: secret=hunter2");
    const response = await context.request("/api/v2/departments", { headers: { cookie } });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("hunter2");
    expect(seen).toHaveLength(1);
  });

  it("an unknown review cycle is 404 before an upload is read", async () => {
    const { request, login } = sandbox();
    const cookie = (await login(ADMIN)) as string;
    const response = await request(
      "/api/v2/matters-csv/upsert?reviewCycleId=00000000-0000-4000-8000-000000000000",
      {
        method: "POST",
        headers: {
          cookie,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": "1000000000000",
        },
        body: "--x--",
      },
    );
    expect(response.status).toBe(404);
  });
});
