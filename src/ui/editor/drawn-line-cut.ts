/**
 * Monaco draws the first `stopRenderingLineAfter` characters of a line (1,000 in long-line mode,
 * long-lines.ts) and says "Show more (9.5 MB)" of the rest, but reads the whole line to draw them:
 * after each edit its view joins the line from its pieces, and the check for non-ASCII, then the
 * renderer, write it out flat. In a 10 MB multibyte message that was 20 MB and 65–125 ms of the
 * page's task a keystroke (CPU profiles; writing those 10 M characters out flat alone takes ~65 ms
 * on this host).
 *
 * Here the view is given what it draws of a longer line, read from the model by range (the piece
 * tree joins only what is in the range), and the rest is said where Monaco's label was: how many
 * characters follow, not drawn. Only the drawing is cut; the model, the cursor, selections, search
 * and copy have the whole line. It replaces one method of one object inside Monaco's view model
 * (`_lines.getViewLineData`); where that is not there, Monaco draws as it did (e2e/large.spec.ts
 * looks for the app's label).
 */
import type { CodeEditor } from './editor-text.ts';
import { readCursorLineCut } from './cut-line-cursor.ts';
import type * as Monaco from 'monaco-editor/editor/editor.api';

/** What is used of the line data Monaco's view draws from (its `ViewLineData`). */
export interface ViewLineData {
  content: string;
  continuesWithWrappedLine: boolean;
  minColumn: number;
  maxColumn: number;
  startVisibleColumn: number;
  tokens: ViewLineTokens;
  inlineDecorations: readonly unknown[] | null;
}

/** Monaco's `LineTokens`, as far as a cut copy of them is made. */
interface ViewLineTokens {
  getCount(): number;
  getEndOffset(index: number): number;
  getMetadata(index: number): number;
  languageIdCodec: unknown;
}

/** Monaco's `InlineDecorationType.After`: drawn after the range, as an empty span of its class. */
const afterDecoration = 2;

/**
 * `data` with its first `drawn` characters and one more, read by `start`, and the app's label after
 * the drawn ones; undefined where it is not a whole, unwrapped line longer than that, or not made
 * as Monaco makes it. The one more keeps the line longer than Monaco draws: Monaco then places a
 * cursor past the drawn part after the label, and scrolls the label into view with it (its own
 * "Show more" for that one character is hidden by the app's style).
 */
export function cutLineData(
  data: ViewLineData,
  drawn: number,
  start: (length: number) => string,
  labelAfter: (drawnLength: number, lineLength: number) => { range: unknown; className: string },
): ViewLineData | undefined {
  const { content, tokens } = data;
  const kept = drawn + 1;
  if (drawn < 0 || content.length <= kept) return undefined;
  if (data.minColumn !== 1 || data.continuesWithWrappedLine || data.inlineDecorations) return undefined;
  const Data = Object.getPrototypeOf(data)?.constructor as
    (new (...args: unknown[]) => ViewLineData) | undefined;
  const Tokens = Object.getPrototypeOf(tokens)?.constructor as
    (new (tokens: Uint32Array, text: string, decoder: unknown) => ViewLineTokens) | undefined;
  if (!Data || !Tokens || typeof tokens.getCount !== 'function' || !('languageIdCodec' in tokens))
    return undefined;
  const read = start(kept);
  if (read.length !== kept) return undefined;
  // Half a surrogate pair, last of the drawn characters, would be drawn as a replacement character
  // after the label: the drawing has a zero-width space in its place (the model keeps the pair).
  const text = /[\ud800-\udbff]/.test(read.charAt(drawn - 1))
    ? `${read.slice(0, drawn - 1)}\u200b${read.slice(drawn)}`
    : read;
  const cutTokens: number[] = [];
  for (let index = 0; index < tokens.getCount(); index++) {
    const end = Math.min(tokens.getEndOffset(index), kept);
    cutTokens.push(end, tokens.getMetadata(index));
    if (end === kept) break;
  }
  cutTokens[cutTokens.length - 2] = kept;
  const label = labelAfter(drawn, content.length);
  return new Data(
    text,
    false,
    1,
    kept + 1,
    data.startVisibleColumn,
    new Tokens(new Uint32Array(cutTokens), text, tokens.languageIdCodec),
    [{ range: label.range, inlineClassName: label.className, type: afterDecoration }],
  );
}

/** Monaco's own `stopRenderingLineAfter`, for an editor given none. */
const drawnByDefault = 10_000;

/**
 * Whether `position` stands past what `editor` draws of its line (and the one more character a
 * cut line keeps, `cutLineData`): a cursor there stands after the app's label, and revealed, it
 * shows the line's last drawn characters and the label, none of the text around it.
 */
export function pastDrawnPart(
  editor: Pick<Monaco.editor.ICodeEditor, 'getRawOptions'>,
  position: Monaco.IPosition,
): boolean {
  const drawn = editor.getRawOptions().stopRenderingLineAfter ?? drawnByDefault;
  return drawn >= 0 && position.column - 1 > drawn + 1;
}

/** What the label says of a line cut after `drawn` of its `length` characters. */
export function cutLabel(length: number, drawn: number): string {
  return `… and ${(length - drawn).toLocaleString('en-US')} more characters on this line`;
}

interface ViewModel {
  _lines?: { getViewLineData?: (viewLineNumber: number) => ViewLineData };
  coordinatesConverter?: {
    convertViewPositionToModelPosition(position: { lineNumber: number; column: number }): {
      lineNumber: number;
    };
  };
}

/** Draws `editor`'s lines longer than it draws cut, now and for every model it is given. */
export function drawLongLinesCut(editor: CodeEditor, monaco: typeof Monaco): void {
  const drawnLength = () => editor.getOption(monaco.editor.EditorOption.stopRenderingLineAfter);
  const cut = (): void => {
    const viewModel = (editor as unknown as { _getViewModel?: () => ViewModel | null })._getViewModel?.();
    const lines = viewModel?._lines;
    const read = lines?.getViewLineData;
    const converter = viewModel?.coordinatesConverter;
    if (!viewModel || !lines || !read || !converter) return;
    const drawnData = (viewLineNumber: number): ViewLineData => {
      const data = read.call(lines, viewLineNumber);
      const model = editor.getModel();
      // Asked each time: the editor's long-line mode draws fewer than its other lines' (long-lines.ts).
      const drawn = drawnLength();
      if (!model || drawn < 0 || data.content.length <= drawn + 1) return data;
      const lineNumber = converter.convertViewPositionToModelPosition(
        new monaco.Position(viewLineNumber, 1),
      ).lineNumber;
      const range = (from: number, to: number) => new monaco.Range(lineNumber, from, lineNumber, to);
      return (
        cutLineData(
          data,
          drawn,
          // A column inside a surrogate pair is moved to its edge: one more, then the length.
          (length) => model.getValueInRange(range(1, length + 2)).slice(0, length),
          (shown, length) => ({
            range: range(shown + 1, shown + 1),
            className: labelClass(lineNumber, cutLabel(length, shown)),
          }),
        ) ?? data
      );
    };
    lines.getViewLineData = drawnData;
    editor.getContainerDomNode().classList.add('cl-cuts-long-lines');
    readCursorLineCut(
      viewModel,
      editor,
      drawnLength,
      (line, from, to) => new monaco.Range(line, from, line, to),
    );
  };
  cut();
  editor.onDidChangeModel(cut);
}

/**
 * The class of a line's label: a decoration draws an empty span, its text comes from a style rule.
 * The class is the line's, the rule says its length: typing into the line changes the rule, not the
 * line Monaco drew, which it would otherwise draw and measure again (~29 ms a keystroke at 10 MB,
 * profiled). The rules of the last lines drawn are kept.
 */
const labelRules = new Map<number, string>();
let labelStyle: HTMLStyleElement | undefined;

function labelClass(lineNumber: number, label: string): string {
  const known = labelRules.get(lineNumber);
  labelRules.delete(lineNumber);
  labelRules.set(lineNumber, label);
  if (labelRules.size > 64) labelRules.delete(labelRules.keys().next().value as number);
  if (known !== label) {
    labelStyle ??= document.head.appendChild(document.createElement('style'));
    labelStyle.textContent = [...labelRules]
      .map(([line, text]) => `.cl-line-cut-${line}::after { content: ${JSON.stringify(text)}; }`)
      .join('\n');
  }
  return `cl-line-cut cl-line-cut-${lineNumber}`;
}
