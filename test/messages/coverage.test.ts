import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkMatterCsv,
  MESSAGE_KEYS,
  type MessageCatalog,
  type MessageKey,
  matterRejectionText,
  type PartialMessageCatalog,
  performMemberEmails,
  validateMemberCsv,
} from "../../src/index";
import { FIXTURE_NOW, FIXTURES, fixturePairs, loadSnapshot } from "../support/fixtures";
import { markerCases } from "./marker-cases";

/** A catalog whose every entry says only its own key, and notes that it was asked. */
function markerCatalog(used: Set<MessageKey>): MessageCatalog {
  return Object.fromEntries(
    MESSAGE_KEYS.map((key) => [
      key,
      () => {
        used.add(key);
        return `⟦${key}⟧`;
      },
    ]),
  ) as unknown as MessageCatalog;
}

/**
 * Keys no input reaches from outside: csv-parse errors without a line (none known), and a store's
 * write conflict after validation (a race). The static test below finds them in the engine.
 */
const STATIC_ONLY: MessageKey[] = ["file.MALFORMED.syntax", "member.UNKNOWN.writeFailed"];

const MARKER = /^⟦([\w.]+)⟧$/;

/** The key a message names, after checking it is a marker and its key's type is the error's. */
function keyOf(message: string, type?: string): MessageKey {
  const key = MARKER.exec(message)?.[1];
  expect(key, `not from the catalog: ${message}`).toBeDefined();
  expect(MESSAGE_KEYS).toContain(key);
  const [scope, keyType] = (key as string).split(".");
  if (type !== undefined && scope !== "file") expect(keyType).toBe(type);
  return key as MessageKey;
}

/** Every member message in a 400 body. */
function memberMessages(
  csv: string | Uint8Array,
  fixture: { product: "RECRUIT" | "PERFORM" | "UNI"; org?: string },
  dir: string,
  messages: PartialMessageCatalog,
): void {
  const snapshot = loadSnapshot(resolve(dir, fixture.org ?? `${FIXTURES}/org.json`));
  const verdict = validateMemberCsv(csv, {
    product: fixture.product,
    organization: snapshot.organization,
    members: snapshot.members,
    externalUserEmails: snapshot.externalUserEmails,
    now: FIXTURE_NOW,
    messages,
  });
  if (verdict.ok) return;
  const { fileError, rowColumnErrors } = verdict.result;
  if (fileError !== null) keyOf(fileError.message, fileError.type);
  for (const error of rowColumnErrors) keyOf(error.message, error.type);
}

/** Every matter message: the file error, each reason, and the upsert's plain-text 400 body. */
function matterMessages(csv: string | Uint8Array, messages: PartialMessageCatalog): void {
  const snapshot = loadSnapshot(join(FIXTURES, "org.json"));
  for (const ruleSet of ["upsert", "legacy"] as const) {
    const check = checkMatterCsv(csv, {
      ruleSet,
      performMemberEmails: performMemberEmails(snapshot),
      messages,
    });
    if (check.result.fileError !== null) keyOf(check.result.fileError.description);
    for (const problem of check.problems) keyOf(problem.message);
    if (!check.ok) {
      const text = matterRejectionText(check.result, check.problems, messages);
      for (const line of text.split("\n")) keyOf(line.trim());
    }
  }
}

describe("message catalog coverage", () => {
  const used = new Set<MessageKey>();
  const markers = markerCatalog(used);

  it("every message the engine gives for the member fixtures and demo files comes from the catalog", () => {
    for (const pair of fixturePairs("members")) {
      const fixture = JSON.parse(readFileSync(pair.json, "utf8"));
      memberMessages(readFileSync(pair.csv), fixture, dirname(pair.json), markers);
    }
    for (const file of readdirSync(join(FIXTURES, "demo"))) {
      const csv = readFileSync(join(FIXTURES, "demo", file));
      memberMessages(csv, { product: "PERFORM" }, FIXTURES, markers);
    }
  });

  it("every message the engine gives for the matter fixtures, under both rule sets, comes from the catalog", () => {
    for (const pair of fixturePairs("matters")) matterMessages(readFileSync(pair.csv), markers);
  });

  it("every message of the targeted cases comes from the catalog", async () => {
    for (const run of markerCases) await run(markers, keyOf);
  });

  it("every key of the catalog is said by the engine for some input (run after the cases above)", () => {
    const unused = MESSAGE_KEYS.filter((key) => !used.has(key));
    expect(unused).toEqual(STATIC_ONLY);
  });
});

describe("message catalog keys in the engine's source", () => {
  it("every key is written in the engine outside the catalog (static: keys no file reaches, e.g. a store's write conflict)", () => {
    const source = resolve(FIXTURES, "../src");
    const text: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "messages") walk(path);
        } else if (entry.name.endsWith(".ts")) text.push(readFileSync(path, "utf8"));
      }
    };
    walk(source);
    const all = text.join("\n");
    expect(MESSAGE_KEYS.filter((key) => !all.includes(`"${key}"`))).toEqual([]);
  });
});
