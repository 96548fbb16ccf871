import fc from "fast-check";

/**
 * Values of `base` with up to three of `pieces` inserted anywhere: inputs around the edges of a
 * validator, for comparing a fast path with the validator it must agree with.
 */
export function withInsertions(
  base: fc.Arbitrary<string>,
  pieces: fc.Arbitrary<string>,
): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), pieces), { maxLength: 3 }))
    .map(([text, edits]) =>
      edits.reduce(
        (edited, [at, piece]) =>
          edited.slice(0, at % (edited.length + 1)) +
          piece +
          edited.slice(at % (edited.length + 1)),
        text,
      ),
    );
}

/** Up to eight of `pieces`, `words` and short strings joined: near-misses built from parts. */
export function joinedPieces(
  pieces: fc.Arbitrary<string>,
  words: readonly string[],
): fc.Arbitrary<string> {
  return fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 6 }), fc.constantFrom(...words)), {
      maxLength: 8,
    })
    .map((parts) => parts.join(""));
}
