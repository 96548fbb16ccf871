/** Mann-Whitney U as a z score: near 0 when neither sample tends to be the larger. */
export function mannWhitneyZ(a: readonly number[], b: readonly number[]): number {
  const all = [
    ...a.map((value) => ({ value, first: true })),
    ...b.map((value) => ({ value, first: false })),
  ];
  all.sort((x, y) => x.value - y.value);
  let rankSum = 0;
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]?.value === all[start]?.value) end++;
    const rank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) if (all[index]?.first) rankSum += rank;
    start = end + 1;
  }
  const [n1, n2] = [a.length, b.length];
  const u = rankSum - (n1 * (n1 + 1)) / 2;
  return (u - (n1 * n2) / 2) / Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
}
