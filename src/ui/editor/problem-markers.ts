/**
 * The pipeline's diagnostics as the input's markers (its squiggles, and what F8 steps through).
 * Every one while there are at most `allMarkedUpTo`. Beyond that, those on the lines around what
 * the editor shows, a screen above and below, marked again once it scrolls out of them: a
 * 10,000-message request with an unknown role in each has 5,000 errors, and marking only the
 * first 2,000 left every one past them unmarked wherever the user looked. Then F8 and Shift+F8
 * find the next problem among them all, mark the lines around it, and let Monaco step there.
 */
import { useEffect, type RefObject } from 'react';
import type { Diagnostic } from '../../core/diagnostics.ts';
import type { CodeEditor } from './editor-text.ts';
import { monaco } from './monaco-setup.ts';
import { allMarkedUpTo, diagnosticsToMark, nextDiagnostic } from './marked-diagnostics.ts';

const severities = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

interface Lines {
  first: number;
  last: number;
}

/** The lines the editor shows (none while it is not laid out). */
function linesShown(editor: CodeEditor): Lines | undefined {
  const visible = editor.getVisibleRanges();
  const first = visible[0]?.startLineNumber;
  const last = visible.at(-1)?.endLineNumber;
  return first === undefined || last === undefined ? undefined : { first, last };
}

/** `lines` with as many lines as `shown` again above and below (`shown`: `lines` when absent). */
function linesAround(lines: Lines | undefined, lineCount: number, shown = lines): Lines | undefined {
  if (!lines || !shown) return undefined;
  const screen = shown.last - shown.first + 1;
  return { first: Math.max(1, lines.first - screen), last: Math.min(lineCount, lines.last + screen) };
}

function setMarkers(editor: CodeEditor, diagnostics: readonly Diagnostic[], lines: Lines | undefined): void {
  const model = editor.getModel();
  if (!model) return;
  const around = lines && {
    start: model.getOffsetAt({ lineNumber: lines.first, column: 1 }),
    end: model.getOffsetAt({ lineNumber: lines.last, column: model.getLineMaxColumn(lines.last) }),
  };
  monaco.editor.setModelMarkers(
    model,
    'context-lens',
    diagnosticsToMark(diagnostics, around).map((d) => {
      const start = model.getPositionAt(d.range.start);
      const end = model.getPositionAt(Math.max(d.range.end, d.range.start + 1));
      return {
        severity: severities[d.severity],
        message: d.message,
        source: d.rule,
        code: d.rule,
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      };
    }),
  );
}

/** Marks `diagnostics` in the editor, following its scrolling when there are too many to mark all. */
export function useProblemMarkers(
  editorRef: RefObject<CodeEditor | null>,
  diagnostics: readonly Diagnostic[] | undefined,
): void {
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !diagnostics) return;
    if (diagnostics.length <= allMarkedUpTo) {
      setMarkers(editor, diagnostics, undefined);
      return;
    }
    let marked = linesAround(linesShown(editor), model.getLineCount());
    setMarkers(editor, diagnostics, marked);
    let frame: number | undefined;
    const follow = () => {
      frame = undefined;
      const shown = linesShown(editor);
      if (!shown || (marked && shown.first >= marked.first && shown.last <= marked.last)) return;
      marked = linesAround(shown, model.getLineCount());
      setMarkers(editor, diagnostics, marked);
    };
    // Once a frame at most: a fling scrolls through many lines an event.
    const scrolled = () => (frame ??= requestAnimationFrame(follow));
    // Monaco steps through the markers it holds: the one it should go to is marked first. Its
    // open problem widget learns of new markers a task later (the marker service's change event
    // is debounced), so the step waits for that task.
    let stepping: ReturnType<typeof setTimeout> | undefined;
    const step = (direction: 1 | -1) => {
      const position = editor.getPosition();
      const target = position && nextDiagnostic(diagnostics, model.getOffsetAt(position), direction);
      if (target) {
        const line = model.getPositionAt(target.range.start).lineNumber;
        marked = linesAround({ first: line, last: line }, model.getLineCount(), linesShown(editor));
        setMarkers(editor, diagnostics, marked);
      }
      const action = direction === 1 ? 'editor.action.marker.next' : 'editor.action.marker.prev';
      clearTimeout(stepping);
      stepping = setTimeout(() => editor.trigger('keyboard', action, null), 0);
    };
    const listeners = [
      editor.onDidScrollChange(scrolled),
      editor.onDidLayoutChange(scrolled),
      editor.addAction({
        id: 'context-lens.next-problem',
        label: 'Go to Next Problem, among all of them',
        keybindings: [monaco.KeyCode.F8],
        run: () => step(1),
      }),
      editor.addAction({
        id: 'context-lens.previous-problem',
        label: 'Go to Previous Problem, among all of them',
        keybindings: [monaco.KeyMod.Shift | monaco.KeyCode.F8],
        run: () => step(-1),
      }),
    ];
    return () => {
      for (const listener of listeners) listener.dispose();
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(stepping);
    };
  }, [editorRef, diagnostics]);
}
