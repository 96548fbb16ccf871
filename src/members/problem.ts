import { type MessageRef, renderMessageRef } from "../messages/catalog";
import type { MemberRowErrorType } from "./errors";

/**
 * What a column rule returns instead of a value when the cell breaks it. A class so that a
 * rule's success path allocates nothing: callers test `instanceof CellProblem`. It holds the
 * message's key and parameters, not its words: the catalog says it when the 400 body is built,
 * on the thread that holds the host's catalog.
 */
export class CellProblem {
  constructor(
    readonly type: MemberRowErrorType,
    readonly ref: MessageRef,
  ) {}

  /** The message in English (a 400 body says it in the host's catalog: see `renderMessage`). */
  get message(): string {
    return renderMessageRef(undefined, this.ref);
  }
}
