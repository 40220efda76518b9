/**
 * Monaco's text buffer notes that it "might contain" non-ASCII text as soon as an edit inserts
 * some, and never unsets it. A 10 MB ASCII message pasted over the sample (which has emoji) is
 * then scanned by a regex on every render of its one line: ~150 ms a keystroke (measured). After
 * the whole text is replaced, the note is set from the text, as a new model would set it; later
 * edits set it again as they insert non-ASCII. It is a private field of Monaco's piece-tree
 * buffer (`ascii-flag.test.ts` checks it is still there); where it is not, nothing is done.
 */
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';

const nonAscii = /[\u0080-\uffff]/;

interface PieceTreeBuffer {
  _mightContainNonBasicASCII?: unknown;
}

export function noteWhetherAscii(model: MonacoEditor.ITextModel, text: string): boolean {
  const buffer = (model as unknown as { _buffer?: PieceTreeBuffer })._buffer;
  if (!buffer || typeof buffer._mightContainNonBasicASCII !== 'boolean') return false;
  buffer._mightContainNonBasicASCII = nonAscii.test(text);
  return true;
}
