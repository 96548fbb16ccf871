/** A pure one-argument function, remembered: files repeat the same dates and addresses. */
export function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const seen = new Map<string, { value: T }>();
  return (text) => {
    let entry = seen.get(text);
    if (entry === undefined) {
      entry = { value: compute(text) };
      seen.set(text, entry);
    }
    return entry.value;
  };
}
