import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { seededRandom } from "../bench/random";
import { largeSandboxText } from "../support/large-sandbox";
import { startServe } from "../support/serve";

const TRIALS = 10;

async function logIn(rest: string): Promise<string> {
  const response = await fetch(`${rest.replace(/\/api\/v2$/, "")}/app/sandbox/admin/auth/`, {
    method: "POST",
    body: new URLSearchParams({
      email: "sandbox.admin@hartwell.example",
      password: "sandbox-password",
    }),
  });
  return response.headers.get("set-cookie")?.split(";")[0] as string;
}

/** Imports one new member; resolves with the status, or `null` when the server has gone. */
async function importMember(rest: string, cookie: string, email: string): Promise<number | null> {
  const form = new FormData();
  form.set("file", new Blob([`First Name,Last Name,Email\nPat,Lee,${email}\n`]), "m.csv");
  try {
    const response = await fetch(`${rest}/members/import-csv?product=RECRUIT`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", resolve));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function storedEmails(path: string): Set<string> {
  const state = JSON.parse(readFileSync(path, "utf8")) as { members: { email: string }[] };
  return new Set(state.members.map((member) => member.email));
}

function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rpdi-crash-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith(".tmp"));

describe("rpdi serve --persist after a crash", () => {
  it(`killed at ${TRIALS} seeded random instants while writes are under way (some after SIGTERM): the file always parses, the server restarts on it with no stray temporary, and every answered write is in it`, async () => {
    const dir = scratchDir();
    const path = join(dir, "state.json");
    // About 6 MB: a write of the state takes long enough to be killed in.
    writeFileSync(path, largeSandboxText(4000, 1000));
    const random = seededRandom(19);
    const answered: string[] = [];
    const statuses = new Set<number>();
    for (let trial = 0; trial < TRIALS; trial++) {
      // Three writers import at once: the server must take them all, not answer 503.
      const { child, rest } = await startServe([
        "--seed",
        path,
        "--persist",
        path,
        "--max-imports",
        "3",
      ]);
      expect(temporaries(dir), `trial ${trial}`).toEqual([]);
      try {
        const cookie = await logIn(rest);
        let gone = false;
        let draining = false;
        let firstAnswer: () => void = () => {};
        const answeredOnce = new Promise<void>((resolve) => {
          firstAnswer = resolve;
        });
        const writers = Array.from({ length: 3 }, async (_, writer) => {
          for (let index = 0; !gone; index++) {
            const email = `t${trial}.w${writer}.n${index}@hartwell.example`;
            const status = await importMember(rest, cookie, email);
            if (status === null) return;
            // A draining server refuses new work with 503; before SIGTERM every import is taken.
            if (!(draining && status === 503)) statuses.add(status);
            if (status === 200) {
              answered.push(email);
              firstAnswer();
            }
          }
        });
        // Each trial kills after at least one answered write, so every trial checks one.
        await answeredOnce;
        await sleep(random() * 1000);
        if (random() < 1 / 3) {
          draining = true;
          child.kill("SIGTERM");
          await sleep(random() * 300);
        }
        child.kill("SIGKILL");
        await exited(child);
        gone = true;
        await Promise.all(writers);
      } finally {
        child.kill("SIGKILL");
      }
      const stored = storedEmails(path);
      expect(
        answered.filter((email) => !stored.has(email)),
        `trial ${trial}`,
      ).toEqual([]);
    }
    expect([...statuses]).toEqual([200]);
    expect(answered.length).toBeGreaterThanOrEqual(TRIALS);
    const { child } = await startServe(["--seed", path, "--persist", path]);
    child.kill("SIGKILL");
  }, 120_000);

  it("a plain kill -9 after an answered write keeps the write", async () => {
    const path = join(scratchDir(), "state.json");
    const { child, rest } = await startServe(["--persist", path]);
    try {
      const cookie = await logIn(rest);
      expect(await importMember(rest, cookie, "kept.after.kill@hartwell.example")).toBe(200);
    } finally {
      child.kill("SIGKILL");
    }
    await exited(child);
    expect(storedEmails(path).has("kept.after.kill@hartwell.example")).toBe(true);
    const restarted = await startServe(["--seed", path, "--persist", path]);
    restarted.child.kill("SIGKILL");
  }, 30_000);
});
