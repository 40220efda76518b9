/**
 * How many characters of a long line an editor draws (`drawnLineLength`), from its width: taken
 * when it mounts and again whenever its layout changes (a split dragged, a view at full width).
 */
import { useCallback, useState } from 'react';
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import { drawnLineLength, longLineOptions } from './long-lines.ts';
import { monaco } from './monaco-setup.ts';

/** A callback for the editor's mount, and its drawn length (long-line mode's own until it is measured). */
export function useDrawnLineLength(): [(editor: MonacoEditor.ICodeEditor) => void, number] {
  const [drawn, setDrawn] = useState<number>(longLineOptions.stopRenderingLineAfter);
  const measure = useCallback((editor: MonacoEditor.ICodeEditor) => {
    const update = (textWidth: number) => {
      const column = editor.getOption(monaco.editor.EditorOption.fontInfo).typicalHalfwidthCharacterWidth;
      setDrawn(drawnLineLength(textWidth, column));
    };
    update(editor.getLayoutInfo().contentWidth);
    editor.onDidLayoutChange((layout) => update(layout.contentWidth));
  }, []);
  return [measure, drawn];
}
