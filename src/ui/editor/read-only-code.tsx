import Editor from '@monaco-editor/react';
import { useColorScheme } from '../lib/use-color-scheme.ts';
import './monaco-setup.ts';

/** Generated output shown with Monaco: folding, search, selection, no editing. */
export default function ReadOnlyCode({
  value,
  language,
  label,
}: {
  value: string;
  language: string;
  label: string;
}) {
  const scheme = useColorScheme();
  return (
    <Editor
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
      }}
    />
  );
}
