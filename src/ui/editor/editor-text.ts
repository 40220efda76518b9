/** The input editor's text as the app holds it: made from Monaco's change events, never read out whole. */
import type { OnMount } from '@monaco-editor/react';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { compactText } from '../../core/input/compact-text.ts';
import { editTypedText } from '../../core/input/text-edit.ts';

export type CodeEditor = Parameters<OnMount>[0];

/** The editor's text after `event`, made from `known` (its text before) and noted as an edit, when that is exact. */
export function changedText(
  editor: CodeEditor,
  event: MonacoEditor.IModelContentChangedEvent | undefined,
  known: string | undefined,
): string | undefined {
  const change = event && !event.isFlush && event.changes.length === 1 ? event.changes[0] : undefined;
  if (!change || known === undefined) return undefined;
  // A paste Monaco takes itself comes two bytes a character, and one such piece would make every
  // later copy of the input two bytes a character (compact-text.ts).
  const edit = { start: change.rangeOffset, removed: change.rangeLength, inserted: compactText(change.text) };
  const length = known.length - edit.removed + edit.inserted.length;
  return length === editor.getModel()?.getValueLength() ? editTypedText(known, edit) : undefined;
}

/** After a whole text went in: whether the editor holds it exactly (Monaco may change line ends). */
export function holdsExactly(model: MonacoEditor.ITextModel, text: string): boolean {
  return model.getValueLength() === text.length && !text.includes('\r');
}
