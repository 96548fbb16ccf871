/** Length in characters (Unicode code points), the unit of the spec's length limits. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) i++;
    count++;
  }
  return count;
}

/** Whether `text` has at most `limit` characters; cheap when its UTF-16 length already says so. */
export function fitsLength(text: string, limit: number): boolean {
  return text.length <= limit || characterCount(text) <= limit;
}
