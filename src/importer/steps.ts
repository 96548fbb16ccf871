/** The importer's steps, in order; a person can go back to any step before the current one. */
export const IMPORT_STEPS = ["file", "kind", "mapping", "check", "review", "done"] as const;
/** One of {@link IMPORT_STEPS}. */
export type ImportStep = (typeof IMPORT_STEPS)[number];

/** What decides whether a step can be left forwards. */
export interface StepFacts {
  hasFile: boolean;
  kindChosen: boolean;
  /** The last check found no file error and no cell error. */
  checkPassed: boolean;
  /** A check is under way (or an edit's re-check): its answer may change what passed. */
  checking: boolean;
  /** The server answered the submit with success. */
  submitted: boolean;
}

/** Whether the person may go on from `step` to the next one. */
export function canAdvance(step: ImportStep, facts: StepFacts): boolean {
  switch (step) {
    case "file":
      return facts.hasFile;
    case "kind":
      return facts.hasFile && facts.kindChosen;
    case "mapping":
      return facts.hasFile && facts.kindChosen && !facts.checking;
    case "check":
      return facts.checkPassed && !facts.checking;
    case "review":
      return facts.checkPassed && !facts.checking;
    case "done":
      return false;
  }
}

/** The step after `step`, or `step` itself at the end. */
export function nextStep(step: ImportStep): ImportStep {
  return IMPORT_STEPS[
    Math.min(IMPORT_STEPS.indexOf(step) + 1, IMPORT_STEPS.length - 1)
  ] as ImportStep;
}

/** The step before `step`, or `step` itself at the start. */
export function previousStep(step: ImportStep): ImportStep {
  return IMPORT_STEPS[Math.max(IMPORT_STEPS.indexOf(step) - 1, 0)] as ImportStep;
}

/**
 * Whether `target` can be shown from `current`: any earlier step (going back keeps every choice),
 * or a later one only when each step between can be left forwards. After a submit that
 * succeeded, only the start again.
 */
export function canGo(current: ImportStep, target: ImportStep, facts: StepFacts): boolean {
  if (facts.submitted) return target === "file" || target === current;
  const from = IMPORT_STEPS.indexOf(current);
  const to = IMPORT_STEPS.indexOf(target);
  if (to <= from) return true;
  for (let index = from; index < to; index++)
    if (!canAdvance(IMPORT_STEPS[index] as ImportStep, facts)) return false;
  return true;
}
