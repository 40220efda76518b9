import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useMemo, useRef } from 'react';
import { comparedEdit } from '../../core/input/text-edit.ts';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { keepLongLines } from './long-line-cache.ts';
import { colourBrackets, hasLongLines, longLineOptions, shortLineOptions } from './long-lines.ts';
import { monaco } from './monaco-setup.ts';

/** Generated output shown with Monaco: folding, search, selection, no editing. */
export default function ReadOnlyCode({
  value,
  language,
  label,
  revealOffset,
}: {
  value: string;
  language: string;
  label: string;
  /** An offset to bring into view and mark (the selected message's start). */
  revealOffset?: number;
}) {
  const scheme = useColorScheme();
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  /** The text the model holds: a new value is applied as the one stretch that changed. */
  const shown = useRef<string>(value);
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
    const model = editorRef.current?.getModel();
    if (!model || shown.current === value) return;
    // Compared: a view's text is not a noted edit (the look-up would compare it with the input's).
    const edit = comparedEdit(shown.current, value);
    shown.current = value;
    // A keystroke in the input changes one stretch of a payload of megabytes: replacing the whole
    // model re-splits every line and re-tokenizes (~25 ms a keystroke at 5 MB, measured).
    if (edit.inserted.length + edit.removed > value.length / 2) model.setValue(value);
    else
      model.applyEdits([
        {
          range: monaco.Range.fromPositions(
            model.getPositionAt(edit.start),
            model.getPositionAt(edit.start + edit.removed),
          ),
          text: edit.inserted,
        },
      ]);
  }, [value]);
  const longLines = useMemo(() => hasLongLines(value), [value]);
  useEffect(() => colourBrackets(editorRef.current?.getModel() ?? null, longLines), [longLines]);
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || revealOffset === undefined) return;
    const position = model.getPositionAt(revealOffset);
    editor.setPosition(position);
    editor.revealLineNearTop(position.lineNumber);
  }, [revealOffset, value]);
  return (
    <Editor
      onMount={(editor) => {
        editorRef.current = editor;
        colourBrackets(editor.getModel(), longLines);
        // The value may have moved on while Monaco loaded.
        const model = editor.getModel();
        if (model) keepLongLines(model);
        if (model && model.getValue() !== latest.current) model.setValue(latest.current);
        shown.current = latest.current;
      }}
      defaultValue={value}
      language={language}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-3 text-sm text-slate-500">Loading…</p>}
      options={{
        readOnly: true,
        domReadOnly: true,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 12,
        scrollBeyondLastLine: false,
        ariaLabel: label,
        ...(longLines ? longLineOptions : shortLineOptions),
      }}
    />
  );
}
