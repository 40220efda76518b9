import { DiffEditor } from '@monaco-editor/react';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import '../editor/monaco-setup.ts';

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
  return (
    <DiffEditor
      original={left}
      modified={right}
      language={language}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      loading={<p className="p-3 text-sm text-slate-500">Loading the diff…</p>}
      options={{
        readOnly: true,
        originalEditable: false,
        renderSideBySide: true,
        automaticLayout: true,
        minimap: { enabled: false },
        fontSize: 12,
        scrollBeyondLastLine: false,
      }}
    />
  );
}
