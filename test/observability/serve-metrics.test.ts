import { describe, expect, it } from "vitest";
import { importOneMember, startServe } from "../support/serve";

const ADMIN = { email: "sandbox.admin@hartwell.example", password: "sandbox-password" };

describe("rpdi serve --metrics", () => {
  it("answers /metrics in Prometheus text with rpdi's metrics, and prints the address", async () => {
    const { child, rest, output } = await startServe([
      "--metrics",
      "--feed-limit",
      "1/60",
      "--log-level",
      "silent",
    ]);
    try {
      const root = rest.replace(/\/api\/v2$/, "");
      expect(output()).toContain(`Metrics ${root}/metrics`);
      const loginUrl = `${root}/app/sandbox/admin/auth/`;
      await fetch(loginUrl, {
        method: "POST",
        body: new URLSearchParams({ ...ADMIN, password: "wrong" }),
      });
      const login = await fetch(loginUrl, { method: "POST", body: new URLSearchParams(ADMIN) });
      const cookie = login.headers.get("set-cookie")?.split(";")[0] as string;
      const imported = await importOneMember(rest, cookie);
      expect(imported.status).toBe(200);
      const feed = `${root}/v1/job-applications?job_application_status_start=2026-01-01`;
      expect((await fetch(feed, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(feed, { headers: { cookie } })).status).toBe(429);

      const scraped = await fetch(`${root}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await scraped.text();
      // The exporter names a counter with _total and labels every point with its scope.
      expect(text).toContain("# TYPE http_server_request_duration histogram");
      expect(text).toMatch(
        /\nhttp_server_request_duration_count\{http_request_method="POST",http_route="\/api\/v2\/members\/import-csv",http_response_status_code="200",otel_scope_name="rpdi"\} 1\n/,
      );
      expect(text).toContain(
        'rpdi_import_rows_total{rpdi_import_operation="members.import",rpdi_product="RECRUIT",rpdi_import_outcome="created",otel_scope_name="rpdi"} 1\n',
      );
      expect(text).toContain('rpdi_feed_rate_limited_total{otel_scope_name="rpdi"} 1\n');
      expect(text).toContain(
        'rpdi_login_failures_total{rpdi_login_reason="BAD_CREDENTIALS",otel_scope_name="rpdi"} 1\n',
      );
      expect(text).toContain("# TYPE rpdi_outbox_backlog gauge");
      expect(text).toMatch(/\nrpdi_outbox_backlog\{otel_scope_name="rpdi"\} \d+\n/);
      expect(text).not.toContain("hartwell");
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("answers no /metrics without the flag", async () => {
    const { child, rest } = await startServe(["--log-level", "silent"]);
    try {
      const root = rest.replace(/\/api\/v2$/, "");
      expect((await fetch(`${root}/metrics`)).status).toBe(404);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
