/** Ids in call order, so two runs of one import make the same ones. */
export function sequentialIds(): () => string {
  let next = 0;
  return () => `00000000-0000-4000-8000-${String(++next).padStart(12, "0")}`;
}
