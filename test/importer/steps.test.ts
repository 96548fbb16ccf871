import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canAdvance, canGo, IMPORT_STEPS, type StepFacts } from "../../src/importer/steps";

const facts = fc.record<StepFacts>({
  hasFile: fc.boolean(),
  kindChosen: fc.boolean(),
  checkPassed: fc.boolean(),
  checking: fc.boolean(),
  submitted: fc.boolean(),
});
const step = fc.constantFrom(...IMPORT_STEPS);

describe("the importer's steps", () => {
  it("property: before a submit, every earlier step can be gone back to, whatever the facts", () => {
    fc.assert(
      fc.property(step, step, facts, (from, to, known) => {
        fc.pre(!known.submitted && IMPORT_STEPS.indexOf(to) <= IMPORT_STEPS.indexOf(from));
        expect(canGo(from, to, known)).toBe(true);
      }),
    );
  });

  it("property: a later step is reachable exactly when each step between can be left", () => {
    fc.assert(
      fc.property(step, step, facts, (from, to, known) => {
        fc.pre(!known.submitted && IMPORT_STEPS.indexOf(to) > IMPORT_STEPS.indexOf(from));
        const between = IMPORT_STEPS.slice(IMPORT_STEPS.indexOf(from), IMPORT_STEPS.indexOf(to));
        expect(canGo(from, to, known)).toBe(between.every((each) => canAdvance(each, known)));
      }),
    );
  });

  it("property: review and submit are out of reach while the check has not passed or runs", () => {
    fc.assert(
      fc.property(step, facts, (from, known) => {
        fc.pre(!known.checkPassed || known.checking);
        fc.pre(IMPORT_STEPS.indexOf(from) <= IMPORT_STEPS.indexOf("check"));
        expect(canGo(from, "review", known)).toBe(false);
        expect(canGo(from, "done", known)).toBe(false);
      }),
    );
  });

  it("after a submit, only the first step (another file) is offered", () => {
    const done = {
      hasFile: true,
      kindChosen: true,
      checkPassed: true,
      checking: false,
      submitted: true,
    };
    expect(IMPORT_STEPS.filter((each) => canGo("done", each, done))).toEqual(["file", "done"]);
  });

  it("needs a file to leave the first step and a kind to leave the second", () => {
    const none = {
      hasFile: false,
      kindChosen: false,
      checkPassed: false,
      checking: false,
      submitted: false,
    };
    expect(canAdvance("file", none)).toBe(false);
    expect(canAdvance("file", { ...none, hasFile: true })).toBe(true);
    expect(canAdvance("kind", { ...none, hasFile: true })).toBe(false);
    expect(canAdvance("kind", { ...none, hasFile: true, kindChosen: true })).toBe(true);
  });
});
