/**
 * The first control token of each chat format in a text, for the special-token lint. Asked of a
 * 10 MB message on every keystroke, six patterns over the whole text wrote it out flat first
 * (20 MB and ~33 ms a keystroke in node: V8 holds an edited text as its pieces). A long text is
 * read by chunks instead, each chunk's first tokens kept (chunked-text.ts): a token across two
 * chunks is found in the end of one and the start of the next, so a chunk may end anywhere, and
 * an edit reads only the chunks it touched.
 */
import { chunkedFunction } from '../input/chunked-function.ts';
import type { ChunkWork } from '../input/chunked-text.ts';

/** The control tokens of the formats people serve, by the format they belong to. */
export const controlTokenFormats: ReadonlyArray<readonly [string, RegExp]> = [
  ['ChatML (Qwen and others)', /<\|im_(?:start|end)\|>/],
  ['Llama 3', /<\|(?:begin_of_text|start_header_id|end_header_id|eot_id|eom_id|python_tag)\|>/],
  ['Gemma', /<(?:start|end)_of_turn>/],
  ['DeepSeek', /<｜(?:begin▁of▁sentence|end▁of▁sentence|User|Assistant)｜>/],
  ['harmony (gpt-oss)', /<\|(?:start|message|channel|end|call|return)\|>/],
  ['GPT', /<\|endoftext\|>/],
];

/** Longer than any token above: what of two stretches' ends a token across them can span. */
const edge = 32;

interface FirstTokens {
  /** Each format's first token in the stretch, or undefined. */
  first: ReadonlyArray<string | undefined>;
  head: string;
  tail: string;
}

function firstTokensOf(text: string): FirstTokens {
  const hasOpen = text.includes('<');
  return {
    first: controlTokenFormats.map(([, pattern]) => (hasOpen ? pattern.exec(text)?.[0] : undefined)),
    head: text.slice(0, edge),
    tail: text.slice(-edge),
  };
}

/**
 * Two stretches side by side. A format's first token is the first one's, else the first in the
 * ends around the join: one wholly in the second's start is its first too, and one wholly in the
 * first's end would have been the first's.
 */
function joinedTokens(a: FirstTokens, b: FirstTokens): FirstTokens {
  const across = `${a.tail}${b.head}`;
  const hasOpen = across.includes('<');
  return {
    first: controlTokenFormats.map(
      ([, pattern], i) => a.first[i] ?? (hasOpen ? pattern.exec(across)?.[0] : undefined) ?? b.first[i],
    ),
    head: a.head.length >= edge ? a.head : `${a.head}${b.head}`.slice(0, edge),
    tail: b.tail.length >= edge ? b.tail : `${a.tail}${b.tail}`.slice(-edge),
  };
}

export const controlTokensWork: ChunkWork<FirstTokens> = {
  piece: firstTokensOf,
  // Not a text: nothing of the whole's result is measured.
  size: () => 0,
  join: (pieces) => pieces.reduce(joinedTokens),
  cutAllowed: () => true,
};

/** Each format's first control token in `text` (by `controlTokenFormats`' order), a long text by chunks. */
export const firstControlTokens: (text: string) => FirstTokens = chunkedFunction(
  firstTokensOf,
  controlTokensWork,
);
