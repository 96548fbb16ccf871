/** A pure one-argument function, remembered: files repeat the same dates and addresses. */
export function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    let value = seen.get(text);
    if (value === undefined && !seen.has(text)) {
      value = compute(text);
      seen.set(text, value);
    }
    return value as T;
  };
}
