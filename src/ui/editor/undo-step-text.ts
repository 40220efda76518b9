/**
 * Monaco closes an undo step by writing its changes into a byte buffer, two bytes a character,
 * one call a character: closing a 10 MB paste's step was a 179–218 ms task at the end of the
 * paste, a 0.5 MB one's 124 ms (profiled), to make a second copy of text the model already
 * holds. A step whose changes carry `keptAsTextFrom` characters or more is closed here by a mark
 * instead, its changes kept as they are; Monaco writes them out when the step is undone or
 * redone, as it does for any step (editStack.js). Monaco reads "written out" as "closed" when it
 * asks whether the next edit may join a step (`canAppend`), so that asks the mark too: typing
 * after a paste is a step of its own.
 *
 * These are private methods of Monaco 0.57's `SingleModelEditStackElement`
 * (`undo-step-text.test.ts` runs them); where they are not, nothing is done.
 */

/** A 0.5 MB paste's step took 124 ms to close (profiled): every step of a paste worth slicing is kept. */
export const keptAsTextFrom = 100_000;

interface TextChange {
  oldText: string;
  newText: string;
}

interface StepData {
  changes: TextChange[];
}

interface UndoStep {
  _data: unknown;
  closedAsText?: boolean;
  close(): void;
  open(): void;
  canAppend(model: unknown): boolean;
}

export function keepLargeUndoStepsAsText(
  step: { prototype: object },
  data: abstract new (...args: never[]) => StepData,
): boolean {
  const prototype = step.prototype as Partial<UndoStep>;
  const { close, open, canAppend } = prototype;
  if (typeof close !== 'function' || typeof open !== 'function' || typeof canAppend !== 'function')
    return false;
  const characters = (changes: TextChange[]) =>
    changes.reduce((sum, change) => sum + change.oldText.length + change.newText.length, 0);
  prototype.close = function (this: UndoStep) {
    if (this._data instanceof data && characters(this._data.changes) >= keptAsTextFrom)
      this.closedAsText = true;
    else close.call(this);
  };
  prototype.open = function (this: UndoStep) {
    this.closedAsText = false;
    open.call(this);
  };
  prototype.canAppend = function (this: UndoStep, model: unknown) {
    return !this.closedAsText && canAppend.call(this, model);
  };
  return true;
}
