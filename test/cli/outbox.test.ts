import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../../src/cli/io";
import { outboxCommand } from "../../src/cli/outbox";
import { welcomeEmailIdempotencyKey } from "../../src/members/deliver";
import { listWelcomeEmails } from "../../src/members/outbox";
import { seedOutbox } from "../outbox/seed";
import { DATABASE_URL, dropStore, freshStore, schemaOfStore, serverPool } from "../postgres/stores";
import { runCliInMemory } from "../support/cli";

const modules = mkdtempSync(join(tmpdir(), "rpdi-outbox-cli-"));
function module(name: string, text: string): string {
  const path = join(modules, name);
  writeFileSync(path, text);
  return path;
}

describe("rpdi outbox", () => {
  it("prints its help with exit status 0", async () => {
    const run = await runCliInMemory(["outbox", "--help"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("rpdi outbox deliver --database-url");
    expect(run.out).toContain("--sender");
    expect((await runCliInMemory(["--help"])).out).toContain("rpdi outbox deliver");
  });

  it("refuses an unknown action, a bad number and extra arguments as usage errors (2)", async () => {
    for (const args of [
      ["outbox"],
      ["outbox", "send"],
      ["outbox", "deliver", "--database-url", "postgres://h/db", "--batch", "0"],
      ["outbox", "deliver", "--database-url", "postgres://h/db", "--lease-ms", "1.5"],
      ["outbox", "deliver", "--database-url", "postgres://h/db", "extra"],
      ["outbox", "deliver", "--database-url", "postgres://h/db", "--unknown"],
    ]) {
      const run = await runCliInMemory(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.err).toMatch(/^rpdi: /);
    }
  });

  it("needs a database address, from --database-url or DATABASE_URL", async () => {
    const outcome = outboxCommand(
      ["deliver"],
      {
        stdout: () => undefined,
        stderr: () => undefined,
        readFile: async () => new Uint8Array(),
        fileSize: async () => 0,
        writeFile: async () => undefined,
        color: false,
        now: () => new Date(),
      },
      { env: {}, cwd: modules, onStopSignal: () => () => undefined },
    );
    await expect(outcome).rejects.toThrow(UsageError);
    await expect(outcome).rejects.toThrow(/--database-url/);
  });

  it("refuses a sender module without a default function (2), before reaching the database", async () => {
    const sender = module("no-default.mjs", "export const send = () => undefined;\n");
    const run = await runCliInMemory([
      "outbox",
      "deliver",
      "--database-url",
      "postgres://postgres@127.0.0.1:1/nowhere",
      "--sender",
      sender,
    ]);
    expect(run.code).toBe(2);
    expect(run.err).toContain("has no default export send(email, { idempotencyKey })");
  });

  it("reports a database it cannot reach with exit status 1", async () => {
    const run = await runCliInMemory([
      "outbox",
      "deliver",
      "--once",
      "--database-url",
      "postgres://postgres@127.0.0.1:1/nowhere",
    ]);
    expect(run.code).toBe(1);
    expect(run.err).toContain("rpdi: outbox deliver: cannot open the store");
  });
});

describe.skipIf(DATABASE_URL === undefined)(
  "rpdi outbox deliver on a server (DATABASE_URL)",
  () => {
    let pool: pg.Pool;
    beforeAll(() => {
      pool = serverPool();
    });
    afterAll(async () => {
      await pool.end();
    });

    it("--once without --sender prints each email as one JSON line with its idempotency key, and empties the outbox", async () => {
      const store = await freshStore(pool, "outbox_cli");
      try {
        const [orgId = "", otherId = ""] = await seedOutbox(store, 3);
        const run = await runCliInMemory([
          "outbox",
          "deliver",
          "--once",
          "--database-url",
          DATABASE_URL ?? "",
          "--schema",
          schemaOfStore(store),
          "--batch",
          "2",
        ]);
        expect(run.code).toBe(0);
        const lines = run.out
          .trimEnd()
          .split("\n")
          .map((line) => JSON.parse(line));
        expect(lines).toHaveLength(6);
        expect(lines[0]).toEqual({
          idempotencyKey: welcomeEmailIdempotencyKey(orgId, "w-00001"),
          orgId,
          email: expect.objectContaining({ id: "w-00001", email: "new.hire1@firm.example" }),
        });
        expect(run.err).toContain("delivered 6, failed 0");
        expect(await listWelcomeEmails(store, { orgId })).toEqual([]);
        expect(await listWelcomeEmails(store, { orgId: otherId })).toEqual([]);
      } finally {
        await dropStore(store);
      }
    });

    it("--once with a sender that fails one email reports it, exits 1, and leaves that email in the outbox", async () => {
      const store = await freshStore(pool, "outbox_cli");
      try {
        const [orgId = ""] = await seedOutbox(store, 2);
        const sender = module(
          "fails-one.mjs",
          `export default async function send(email, { idempotencyKey, orgId }) {
          if (email.id === "w-00002" && orgId === ${JSON.stringify(orgId)}) throw new Error("mailbox full");
        }\n`,
        );
        const run = await runCliInMemory([
          "outbox",
          "deliver",
          "--once",
          "--database-url",
          DATABASE_URL ?? "",
          "--schema",
          schemaOfStore(store),
          "--sender",
          sender,
        ]);
        expect(run.code).toBe(1);
        expect(run.err).toContain(
          `sending ${welcomeEmailIdempotencyKey(orgId, "w-00002")} failed (retried after the lease): mailbox full`,
        );
        expect(run.err).toContain("delivered 3, failed 1");
        expect((await listWelcomeEmails(store, { orgId })).map((email) => email.id)).toEqual([
          "w-00002",
        ]);
      } finally {
        await dropStore(store);
      }
    });
  },
);
