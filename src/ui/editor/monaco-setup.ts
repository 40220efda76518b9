/**
 * Monaco, bundled with the app: the editor core, JSON and the features a JSON editor needs,
 * with its own workers. Nothing loads from a CDN (@monaco-editor/react would fetch one unless
 * it is given this instance). Imported lazily, so the editor is not in the page's first bundle.
 */
import { loader } from '@monaco-editor/react';
import { keepLargeUndoStepsAsText } from './undo-step-text.ts';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/codelens/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/diffEditor/register';
// The diff editor's collapsed regions ask for the outline model service; without it Monaco throws.
import 'monaco-editor/features/documentSymbols/register';
import 'monaco-editor/features/dnd/register';
// JSON mode (loaded lazily) uses the drop controller: its service must be registered before the first editor exists.
import 'monaco-editor/features/dropOrPasteInto/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import {
  SingleModelEditStackData,
  SingleModelEditStackElement,
} from 'monaco-editor/editor/common/model/editStack';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The pipeline's diagnostics are the ones shown: Monaco's own JSON validation would repeat them
// and would call accepted input (comments, trailing commas) errors.
jsonDefaults.setDiagnosticsOptions({ validate: false, allowComments: true, trailingCommas: 'ignore' });
// Only what the app shows. Document symbols and colour decorators (no outline, no colours here)
// made the JSON worker ship a 5 MB document's symbols to the page on every keystroke (measured).
// Folding follows indentation (Monaco's own, on the page): the worker's JSON folding re-sent and
// re-parsed the whole document on every keystroke and every new result in the payload views
// (~130 ms a keystroke at 3 MB, measured), and pasted JSON is folded by its indentation anyway.
jsonDefaults.setModeConfiguration({
  tokens: true,
  foldingRanges: false,
  selectionRanges: true,
  hovers: false,
  documentSymbols: false,
  colors: false,
  completionItems: false,
  diagnostics: false,
  documentFormattingEdits: true,
  documentRangeFormattingEdits: true,
});

// A large paste's undo step keeps its text as it is rather than writing it out when closed.
keepLargeUndoStepsAsText(SingleModelEditStackElement, SingleModelEditStackData);

loader.config({ monaco });

export { monaco };
