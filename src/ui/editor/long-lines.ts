/** Monaco's settings for text with very long lines (minified JSON), shared by the input and the read-only views. */
/**
 * A line longer than this (minified JSON from a log or a network tab) puts the editor in its
 * long-line mode: Monaco's per-line features — wrapping, bracket colours and guides, occurrence
 * and selection highlights, folding, JSON colouring — work over the whole line whenever any of
 * it is visible, and a 0.5 MB line cost ~1 s per keystroke in decorations alone (measured).
 */
const longLine = 10_000;

export function hasLongLines(text: string): boolean {
  return text.length > longLine && longestLine(text) > longLine;
}

/**
 * Bracket colours are set on each editor's own model. As an editor option they are not the
 * editor's: Monaco copies `bracketPairColorization` into one configuration that every model
 * follows, so a payload view with short lines turned them back on for a minified input's
 * one 5 MB line — each keystroke then coloured every bracket on it (~100 ms, measured).
 */
export function colourBrackets(
  model: { updateOptions(options: BracketOptions): void } | null,
  longLines: boolean,
) {
  model?.updateOptions({
    bracketColorizationOptions: { enabled: !longLines, independentColorPoolPerBracketType: false },
  });
}

interface BracketOptions {
  bracketColorizationOptions: { enabled: boolean; independentColorPoolPerBracketType: boolean };
}

/** The longest line's length, without splitting the text into lines. */
export function longestLine(text: string): number {
  let longest = 0;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    longest = Math.max(longest, i - start);
    start = i + 1;
  }
  return Math.max(longest, text.length - start);
}

export const longLineOptions = {
  guides: { bracketPairs: false, indentation: false, highlightActiveIndentation: false },
  matchBrackets: 'never',
  occurrencesHighlight: 'off',
  selectionHighlight: false,
  folding: false,
  unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false, nonBasicASCII: false },
} as const;
export const shortLineOptions = {
  guides: { bracketPairs: false, indentation: true, highlightActiveIndentation: true },
  matchBrackets: 'always',
  occurrencesHighlight: 'singleFile',
  selectionHighlight: true,
  folding: true,
  unicodeHighlight: {
    ambiguousCharacters: true,
    invisibleCharacters: true,
    nonBasicASCII: 'inUntrustedWorkspace',
  },
} as const;
