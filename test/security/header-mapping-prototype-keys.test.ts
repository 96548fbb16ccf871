import { describe, expect, it } from "vitest";
import { parseOrganizationSnapshot } from "../../src/domain/snapshot";
import { loadColumnMapping, saveColumnMapping } from "../../src/mapping/column-mapping-service";
import { remapMatterCsv, remapMemberCsv } from "../../src/mapping/remap";
import { suggestMemberColumns } from "../../src/mapping/suggest";
import { createMemoryStore } from "../../src/memory/store";

const ORG = { organization: { id: "org-1", shortName: "one", name: "One LLP" } };

/*
 * Header cells are user text and mappings are keyed by them: a header named __proto__,
 * constructor or toString must be an ordinary header everywhere, never reach Object.prototype,
 * and never read an inherited property as a mapping.
 */
describe("prototype pollution through header mapping", () => {
  it("a mapping record parsed from JSON with a __proto__ key renames that header and pollutes nothing", () => {
    const mapping = JSON.parse('{"__proto__":"Email","constructor":"First Name"}');
    const answer = remapMemberCsv("__proto__,constructor,Last Name\nx@y.example,X,Y\n", mapping);
    expect(answer).toEqual({
      ok: true,
      file: "Email,First Name,Last Name\nx@y.example,X,Y\n",
      header: ["Email", "First Name", "Last Name"],
    });
    expect(({} as Record<string, unknown>).Email).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it("an empty mapping never reads inherited properties as mappings (toString, constructor, __proto__ headers stay)", () => {
    const answer = remapMemberCsv("toString,constructor,__proto__,hasOwnProperty\n", {});
    expect(answer.ok && answer.header).toEqual([
      "toString",
      "constructor",
      "__proto__",
      "hasOwnProperty",
    ]);
    const matter = remapMatterCsv("valueOf\n", Object.create(null));
    expect(matter.ok && matter.header).toEqual(["valueOf"]);
  });

  it("suggests nothing for prototype-named headers and keeps them as cells", () => {
    const answer = suggestMemberColumns(["__proto__", "constructor", "toString", "prototype"]);
    expect(answer.cells.map((cell) => cell.column)).toEqual([null, null, null, null]);
    expect(answer.unmatchedCells).toEqual(["__proto__", "constructor", "toString", "prototype"]);
  });

  it("a saved mapping with __proto__ sources round-trips through the store and a snapshot", async () => {
    const store = createMemoryStore(ORG);
    const mapping = JSON.parse('{"__proto__":"Email","constructor":"First Name"}');
    expect((await saveColumnMapping(store, { orgId: "org-1", kind: "members", mapping })).ok).toBe(
      true,
    );
    const loaded = await loadColumnMapping(store, { orgId: "org-1", kind: "members" });
    expect(loaded).toBeInstanceOf(Map);
    expect([...loaded]).toEqual([
      ["__proto__", "Email"],
      ["constructor", "First Name"],
    ]);
    const exported = await store.exportSnapshot("org-1");
    const again = parseOrganizationSnapshot(JSON.parse(JSON.stringify(exported)));
    expect(again.columnMappings.members).toEqual([
      { source: "__proto__", target: "Email" },
      { source: "constructor", target: "First Name" },
    ]);
    expect(({} as Record<string, unknown>).Email).toBeUndefined();
  });
});
