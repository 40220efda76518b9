import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import { hasLongLines, longLineOptions, shortLineOptions } from './long-lines.ts';
import './monaco-setup.ts';

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
      }}
      value={value}
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
        ...(hasLongLines(value) ? longLineOptions : shortLineOptions),
      }}
    />
  );
}
