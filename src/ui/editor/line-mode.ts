/**
 * An editor's long-line mode: `longLineOptions` with as many characters of a long line drawn as
 * its width calls for (`drawnLineLength`, taken when it mounts and again whenever its layout
 * changes: a split dragged, a view at full width), or `shortLineOptions`. The input and the
 * read-only views share it.
 */
import { useCallback, useMemo, useState } from 'react';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { drawnLineLength, longLineOptions, shortLineOptions } from './long-lines.ts';
import { monaco } from './monaco-setup.ts';
import { keepOptionsToEditor } from './own-options.ts';

/**
 * A callback for the editor's mount, and the options of its line mode: one object while they do
 * not change. A new width leaves a text without long lines as it is, options and all.
 */
export function useLineMode(
  longLines: boolean,
): [(editor: MonacoEditor.ICodeEditor) => void, MonacoEditor.IEditorOptions] {
  const [drawn, setDrawn] = useState<number>(longLineOptions.stopRenderingLineAfter);
  const mount = useCallback((editor: MonacoEditor.ICodeEditor) => {
    // The mode switches as texts come and go: each switch on this editor alone (own-options.ts).
    keepOptionsToEditor(editor);
    const update = (textWidth: number) => {
      const column = editor.getOption(monaco.editor.EditorOption.fontInfo).typicalHalfwidthCharacterWidth;
      setDrawn(drawnLineLength(textWidth, column));
    };
    update(editor.getLayoutInfo().contentWidth);
    editor.onDidLayoutChange((layout) => update(layout.contentWidth));
  }, []);
  const longDrawn = longLines ? drawn : undefined;
  const options = useMemo(
    () =>
      longDrawn === undefined ? shortLineOptions : { ...longLineOptions, stopRenderingLineAfter: longDrawn },
    [longDrawn],
  );
  return [mount, options];
}
