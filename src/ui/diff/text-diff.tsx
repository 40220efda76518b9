import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { useEffect, useRef } from 'react';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import '../editor/monaco-setup.ts';

/** One object for every render: @monaco-editor/react hands each new one to Monaco's updateOptions. */
const diffOptions = {
  readOnly: true,
  originalEditable: false,
  renderSideBySide: true,
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 12,
  scrollBeyondLastLine: false,
};

/** Monaco's diff editor, read-only, side by side. */
export default function TextDiff({
  left,
  right,
  language,
}: {
  left: string;
  right: string;
  language: string;
}) {
  const scheme = useColorScheme();
  const editorRef = useRef<Parameters<DiffOnMount>[0] | null>(null);
  // @monaco-editor/react disposes the two models before the diff widget lets go of them, and
  // Monaco throws "TextModel got disposed before DiffEditorWidget model got reset". Keep them
  // through the unmount and dispose them once the widget is gone.
  useEffect(
    () => () => {
      const models = editorRef.current?.getModel();
      setTimeout(() => {
        models?.original.dispose();
        models?.modified.dispose();
      }, 0);
    },
    [],
  );
  return (
    <DiffEditor
      onMount={(editor) => {
        editorRef.current = editor;
      }}
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      original={left}
      modified={right}
      language={language}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-3 text-sm text-slate-500">Loading the diff…</p>}
      options={diffOptions}
    />
  );
}
