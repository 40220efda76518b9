import { describe, expect, it } from 'vitest';
import { keepOptionsToEditor } from './own-options.ts';

/** Monaco's chain: the standalone editor's own `updateOptions`, a class without one, the widget's. */
function editorChain() {
  const shared: object[] = [];
  class Widget {
    options: object = {};
    updateOptions(options: object) {
      this.options = { ...this.options, ...options };
    }
  }
  class StandaloneCodeEditor extends Widget {}
  class StandaloneEditor extends StandaloneCodeEditor {
    override updateOptions(options: object) {
      shared.push(options);
      super.updateOptions(options);
    }
  }
  return { shared, editor: new StandaloneEditor() };
}

describe("an editor's options set on it alone", () => {
  it('skips the shared configuration and sets them on the editor as its base class does', () => {
    const { shared, editor } = editorChain();
    keepOptionsToEditor(editor);
    editor.updateOptions({ folding: false });
    editor.updateOptions({ wordWrap: 'on' });
    expect(shared).toEqual([]);
    expect(editor.options).toEqual({ folding: false, wordWrap: 'on' });
  });

  it('leaves an editor whose chain has one updateOptions as it is', () => {
    const shared: object[] = [];
    class Only {
      updateOptions(options: object) {
        shared.push(options);
      }
    }
    const editor = new Only();
    keepOptionsToEditor(editor);
    editor.updateOptions({ folding: false });
    expect(shared).toEqual([{ folding: false }]);
  });
});
