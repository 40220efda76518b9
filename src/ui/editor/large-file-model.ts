/**
 * A read-only view's model for a text of megabytes, in Monaco's large-file mode. A model keeps an
 * object per line for the view (its wrapping), made as the text goes in: the pretty 10,000-message
 * payload, 5 MB and ~150,000 lines, took ~160 ms of the page's thread in slices while the worker
 * counted (profiled), where a model in large-file mode maps the view's lines to the model's as
 * they are and took the same text in 36–42 ms (traced). Such a model has no folding and no
 * colouring — the payload view shows a text of more than a megabyte as plain text already
 * (native-view.tsx) — as code editors show a large file.
 *
 * Monaco decides it once, when a model is made, from its size alone (20 MB or 300,000 lines): a
 * model made here, empty, is made while that size is lowered below nothing, and takes its text in
 * slices after (chunked-edit.ts).
 */
import { TextModel } from 'monaco-editor/editor/common/model/textModel';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { monaco } from './monaco-setup.ts';
import { largeFileFrom } from './long-lines.ts';

/** A new empty model, in large-file mode when `large`. */
function emptyModel(language: string, large: boolean): MonacoEditor.ITextModel {
  if (!large) return monaco.editor.createModel('', language);
  const threshold = TextModel.LARGE_FILE_SIZE_THRESHOLD;
  TextModel.LARGE_FILE_SIZE_THRESHOLD = -1;
  try {
    return monaco.editor.createModel('', language);
  } finally {
    TextModel.LARGE_FILE_SIZE_THRESHOLD = threshold;
  }
}

/**
 * The model `editor` should take a new `text` into, whole: its own, or a new one when the text's
 * size calls for the other mode (the old one is disposed). `prepare` is given a new model before
 * it is shown. Either has the text's line ends.
 */
export function modelForText(
  editor: MonacoEditor.ICodeEditor,
  text: string,
  prepare: (model: MonacoEditor.ITextModel) => void,
): MonacoEditor.ITextModel | null {
  const model = editor.getModel();
  if (!model) return null;
  const large = text.length >= largeFileFrom;
  if (inLargeFileMode(model) === large) return withLineEndsOf(model, text);
  const next = withLineEndsOf(emptyModel(model.getLanguageId(), large), text);
  prepare(next);
  editor.setModel(next);
  model.dispose();
  return next;
}

/**
 * `model` with the line ends `text` starts with. Text going into a model by edits has its line
 * ends made the model's, and the model's offsets would no longer be the text's: made empty, a
 * model takes the platform's (CRLF in this app's Chromium), and the sample's model LF.
 */
function withLineEndsOf(model: MonacoEditor.ITextModel, text: string): MonacoEditor.ITextModel {
  const newline = text.indexOf('\n');
  const crlf = newline > 0 && text.charCodeAt(newline - 1) === 13;
  if ((model.getEOL() === '\r\n') !== crlf)
    model.setEOL(crlf ? monaco.editor.EndOfLineSequence.CRLF : monaco.editor.EndOfLineSequence.LF);
  return model;
}

/** Monaco's own answer (a method of its models that its typings leave out). */
export function inLargeFileMode(model: MonacoEditor.ITextModel): boolean {
  return (model as { isTooLargeForTokenization?: () => boolean }).isTooLargeForTokenization?.() ?? false;
}
