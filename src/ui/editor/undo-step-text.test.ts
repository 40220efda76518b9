import { beforeAll, describe, expect, it } from 'vitest';
import { keepLargeUndoStepsAsText, keptAsTextFrom } from './undo-step-text.ts';

/** Monaco's own modules, loaded from their files (the package's types cover only its API). */
const monacoFile = (path: string) =>
  new URL(`../../../node_modules/monaco-editor/esm/vs/editor/common/${path}`, import.meta.url).href;

interface Change {
  oldPosition: number;
  oldText: string;
  newPosition: number;
  newText: string;
}
interface Step {
  _data: unknown;
  append(model: unknown, changes: Change[], eol: number, version: number, cursor: null): void;
  close(): void;
  open(): void;
  canAppend(model: unknown): boolean;
  undo(): void;
  redo(): void;
}
type StepClass = new (label: string, code: string, model: unknown, cursor: null) => Step;
type ChangeClass = new (oldPosition: number, oldText: string, newPosition: number, newText: string) => Change;

let Step: StepClass;
let TextChange: ChangeClass;

beforeAll(async () => {
  const editStack = (await import(/* @vite-ignore */ monacoFile('model/editStack.js'))) as {
    SingleModelEditStackElement: StepClass;
    SingleModelEditStackData: abstract new (...args: never[]) => { changes: [] };
  };
  const textChange = (await import(/* @vite-ignore */ monacoFile('core/textChange.js'))) as {
    TextChange: ChangeClass;
  };
  Step = editStack.SingleModelEditStackElement;
  TextChange = textChange.TextChange;
  expect(keepLargeUndoStepsAsText(Step, editStack.SingleModelEditStackData)).toBe(true);
});

/** A model as far as an undo step asks it: its version, its line ends, and what undo and redo apply. */
function modelThatRecords() {
  const applied: Array<{ how: 'undo' | 'redo'; changes: Change[] }> = [];
  return {
    applied,
    uri: { toString: () => 'inmemory://model/1' },
    getAlternativeVersionId: () => 1,
    getEOL: () => '\n',
    _applyUndo: (changes: Change[]) => applied.push({ how: 'undo', changes }),
    _applyRedo: (changes: Change[]) => applied.push({ how: 'redo', changes }),
  };
}

const pasted = 'a pasted line\n'.repeat(Math.ceil(keptAsTextFrom / 14));

describe("Monaco's undo step of a large edit", () => {
  it('is closed without writing its text out, takes no more edits, and undoes and redoes that text', () => {
    const model = modelThatRecords();
    const step = new Step('Paste', 'undoredo.textBufferEdit', model, null);
    step.append(model, [new TextChange(0, 'the sample', 0, pasted)], 1, 2, null);
    step.close();
    expect(step._data).not.toBeInstanceOf(ArrayBuffer);
    // Typing after the paste is a step of its own.
    expect(step.canAppend(model)).toBe(false);
    step.undo();
    step.redo();
    expect(
      model.applied.map(({ how, changes }) => [how, changes.map((c) => [c.oldText, c.newText])]),
    ).toEqual([
      ['undo', [['the sample', pasted]]],
      ['redo', [['the sample', pasted]]],
    ]);
  });

  it('opens again when Monaco reopens it, and takes the next edit', () => {
    const model = modelThatRecords();
    const step = new Step('Paste', 'undoredo.textBufferEdit', model, null);
    step.append(model, [new TextChange(0, '', 0, pasted)], 1, 2, null);
    step.close();
    step.open();
    expect(step.canAppend(model)).toBe(true);
  });

  it('of a few characters is written out as Monaco writes it', () => {
    const model = modelThatRecords();
    const step = new Step('Typing', 'undoredo.textBufferEdit', model, null);
    step.append(model, [new TextChange(3, '', 3, 'x')], 1, 2, null);
    step.close();
    expect(step._data).toBeInstanceOf(ArrayBuffer);
    expect(step.canAppend(model)).toBe(false);
  });
});
