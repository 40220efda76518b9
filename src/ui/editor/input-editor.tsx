/** The input: Monaco bound to the input store, with the pipeline's diagnostics as squiggles. */
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import type { Diagnostic } from '../../core/diagnostics.ts';
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { monaco } from './monaco-setup.ts';

type CodeEditor = Parameters<OnMount>[0];

const severities = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

export interface InputEditorProps {
  /** The diagnostics of the text now in the editor; undefined while they are being computed. */
  diagnostics?: readonly Diagnostic[];
}

export default function InputEditor({ diagnostics }: InputEditorProps) {
  const text = useInputStore((s) => s.text);
  const textEdited = useInputStore((s) => s.textEdited);
  const cursorMoved = useUiStore((s) => s.cursorMoved);
  const reveal = useUiStore((s) => s.reveal);
  const scheme = useColorScheme();
  const editorRef = useRef<CodeEditor | null>(null);
  const looksLikeJson = /^\s*[[{]/.test(text.slice(0, 1000)) || /^\s*```/.test(text.slice(0, 20));

  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model || !diagnostics) return;
    monaco.editor.setModelMarkers(
      model,
      'context-lens',
      diagnostics.slice(0, 2000).map((d) => {
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
  }, [diagnostics]);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || !reveal) return;
    const start = model.getPositionAt(reveal.range.start);
    const end = model.getPositionAt(reveal.range.end);
    const range = new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column);
    editor.setSelection(range);
    editor.revealRangeInCenterIfOutsideViewport(range);
    editor.focus();
  }, [reveal]);

  const onMount: OnMount = (editor) => {
    editorRef.current = editor;
    editor.onDidChangeCursorPosition((event) => {
      const model = editor.getModel();
      if (model) cursorMoved(model.getOffsetAt(event.position));
    });
  };

  return (
    <Editor
      value={text}
      language={looksLikeJson ? 'json' : 'plaintext'}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      onChange={(value) => textEdited(value ?? '')}
      onMount={onMount}
      loading={<p className="p-3 text-sm text-slate-500">Loading the editor…</p>}
      options={{
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 13,
        wordWrap: 'on',
        scrollBeyondLastLine: false,
        renderValidationDecorations: 'on',
        fixedOverflowWidgets: true,
        dragAndDrop: false,
        ariaLabel: 'Input: paste a transcript or request',
      }}
    />
  );
}
