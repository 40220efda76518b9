/**
 * A token counter over an encoding's count function: every text's count cached, long texts
 * counted in pieces that a newer input can stop between, and an edited long text re-counted in
 * the pieces its edit touched (encoder.ts loads the count functions).
 */
import { chunkEdited, summedWork, type Chunked } from '../input/chunked-text.ts';
import { knownEdit } from '../input/text-edit.ts';
import type { EncodingName } from './model-preset.ts';

export type CountFn = (text: string, options: { disallowedSpecial: Set<string> }) => number;

/** Every text is cached, short ones too: roles and names repeat on every message, and each tokenizer call has a fixed setup cost. */
const maxCacheEntries = 50_000;
/** All cached texts together (a piece of a long text is at most ~64 k characters). */
const maxCacheChars = 24_000_000;
/**
 * Whole long texts kept beside their pieces: the input's and the payload's, this run's and the
 * last — while together under a character bound. Each whole text keeps its string alive: four
 * versions of a 10 MB message held 80 MB in the worker, and the heap's next collection waits
 * for a multiple of what is live (the renderer peaked at 1.2–1.5 GB typing in it, measured).
 */
const maxLongTexts = 4;
const maxLongTextChars = 12_000_000;

// Pasted text may contain "<|endoftext|>" and friends: count them as the text they are, never throw.
const noSpecialTokens = { disallowedSpecial: new Set<string>() };

/**
 * Long texts are counted in pieces of about `chunkLength`, cut just before a space that follows
 * a non-space character: a pre-token boundary of both encodings, so the sum is exact. Between
 * pieces `countAsync` yields, so a newer input can stop the count of a multi-megabyte message.
 */
const chunkLength = 64 * 1024;
/** How long counting runs between chances for a newer input to stop it. */
const yieldEveryMs = 40;

export function splitAtBoundaries(text: string, length = chunkLength): string[] {
  if (text.length <= length) return [text];
  const pieces: string[] = [];
  let pieceStart = 0;
  while (text.length - pieceStart > length) {
    let cut = -1;
    // The last boundary before the target length, else the first after it: never a hard cut.
    for (let i = pieceStart + length; i > pieceStart + 1; i--) {
      if (isBoundary(text, i)) {
        cut = i;
        break;
      }
    }
    if (cut === -1) {
      for (let i = pieceStart + length + 1; i < text.length; i++) {
        if (isBoundary(text, i)) {
          cut = i;
          break;
        }
      }
    }
    if (cut === -1) break;
    pieces.push(text.slice(pieceStart, cut));
    pieceStart = cut;
  }
  pieces.push(text.slice(pieceStart));
  return pieces;
}

/** A copy of `text` that shares no memory with the string it was sliced from. */
function detached(text: string): string {
  // Concatenating then slicing makes the engine write a new flat string of this length.
  return (' ' + text).slice(1);
}

function isBoundary(text: string, i: number): boolean {
  const before = text.charCodeAt(i - 1);
  return text.charCodeAt(i) === 32 && before !== 32 && before !== 9 && before !== 10 && before !== 13;
}

export interface TokenCounter {
  encoding: EncodingName;
  count(text: string): number;
  /** The same count, yielding between pieces of a long text; rejects with the signal's reason when aborted. */
  countAsync(text: string, signal?: AbortSignal): Promise<number>;
}

export function createCounter(encoding: EncodingName, countTokens: CountFn): TokenCounter {
  const cache = new Map<string, number>();
  let cachedChars = 0;
  /**
   * Whole texts longer than a piece, the last few, with where their pieces end and each one's
   * count. Found by length first, never hashed: hashing a new 10 MB text to look it up cost
   * ~14 ms a keystroke in Chromium's worker (profiled).
   */
  const longTexts: Array<Chunked<number>> = [];
  /**
   * Long texts whose count is under way, each settling with its count (undefined when it stopped):
   * a run asking for one a count ahead of it started (count-ahead.ts) waits for that count.
   */
  const counting: Array<{ text: string; done: Promise<number | undefined> }> = [];
  const rememberLong = (chunked: Chunked<number>) => {
    longTexts.push(chunked);
    let chars = longTexts.reduce((sum, entry) => sum + entry.text.length, 0);
    // The newest always stays.
    while (longTexts.length > 1 && (longTexts.length > maxLongTexts || chars > maxLongTextChars))
      chars -= (longTexts.shift() as Chunked<number>).text.length;
    return chunked.result;
  };
  /** `whole`: a text counted by pieces (or longer than one), kept apart from the pieces. */
  const remember = (text: string, tokens: number, whole = text.length > chunkLength) => {
    if (whole)
      return rememberLong({
        text,
        ends: [text.length],
        sizes: [tokens],
        changed: [0],
        pieces: [tokens],
        result: tokens,
      });
    // A piece is a slice of its text, and a slice keeps the whole text alive: one piece kept per
    // keystroke held a 10 MB message each time (~100 MB a keystroke, measured). Keys are copied.
    cache.set(text.length > 1024 ? detached(text) : text, tokens);
    cachedChars += text.length;
    // Bounded by characters too: typing in a 10 MB message kept every version of it (measured).
    while (cache.size > maxCacheEntries || cachedChars > maxCacheChars) {
      const oldest = cache.keys().next().value as string;
      cachedChars -= oldest.length;
      cache.delete(oldest);
    }
    return tokens;
  };
  const known = (text: string) =>
    text.length > chunkLength
      ? longTexts.find((entry) => entry.text.length === text.length && entry.text === text)?.result
      : cache.get(text);
  const countPiece = (piece: string) =>
    cache.get(piece) ?? remember(piece, countTokens(piece, noSpecialTokens), false);
  const pieceWork = summedWork(countPiece, isBoundary);
  /**
   * A long text an edit made of one counted before (an edit noted where it was made: the input's,
   * the decoded message's): the pieces it touched counted again, the others' counts reused.
   */
  const afterEdit = (text: string): number | undefined => {
    for (let i = longTexts.length - 1; i >= 0; i--) {
      const entry = longTexts[i] as Chunked<number>;
      // A text counted whole (by `count`) has one piece: redoing it would count it all at once,
      // where the piece loop below yields to a newer input.
      if (entry.ends.length < 2) continue;
      const edit = knownEdit(entry.text, text);
      if (!edit || edit.removed + edit.inserted.length > text.length / 4) continue;
      return rememberLong(
        chunkEdited(entry, text, edit, pieceWork, { chunk: chunkLength, from: chunkLength }),
      );
    }
    return undefined;
  };
  /** A long text's count, piece by piece, yielding to a newer input now and then. */
  const countByPieces = async (text: string, signal: AbortSignal | undefined): Promise<number> => {
    const edited = afterEdit(text);
    if (edited !== undefined) return edited;
    // Each piece's count is kept too: the pieces are cut where the text is, not at fixed
    // offsets, so an edit inside a multi-megabyte text re-counts only the piece it is in.
    let total = 0;
    let since = performance.now();
    const ends: number[] = [];
    const sizes: number[] = [];
    for (const piece of splitAtBoundaries(text)) {
      // A newer input may stop this between pieces, but not after every one: nested timers wait
      // at least 4 ms each, which made counting 1 MB take three times as long (measured).
      if (!cache.has(piece) && performance.now() - since > yieldEveryMs) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        signal?.throwIfAborted();
        since = performance.now();
      }
      const tokens = countPiece(piece);
      total += tokens;
      ends.push((ends.at(-1) ?? 0) + piece.length);
      sizes.push(tokens);
    }
    return rememberLong({
      text,
      ends,
      sizes,
      changed: sizes.map(() => 0),
      pieces: [...sizes],
      result: total,
    });
  };
  return {
    encoding,
    count(text: string): number {
      if (text === '') return 0;
      const cached = known(text);
      if (cached !== undefined) return cached;
      return remember(text, countTokens(text, noSpecialTokens));
    },
    async countAsync(text: string, signal?: AbortSignal): Promise<number> {
      const cached = known(text);
      if (cached !== undefined || text.length <= chunkLength) return this.count(text);
      // Being counted already (ahead of its run, count-ahead.ts): the same count, awaited.
      const pending = counting.find((entry) => entry.text.length === text.length && entry.text === text);
      if (pending) {
        const counted = await untilAborted(pending.done, signal);
        if (counted !== undefined) return counted;
        return this.countAsync(text, signal);
      }
      let finish: (tokens: number | undefined) => void = () => undefined;
      const entry = { text, done: new Promise<number | undefined>((resolve) => (finish = resolve)) };
      counting.push(entry);
      try {
        const tokens = await countByPieces(text, signal);
        finish(tokens);
        return tokens;
      } finally {
        finish(undefined);
        const at = counting.indexOf(entry);
        if (at >= 0) counting.splice(at, 1);
      }
    },
  };
}

/** `done`, or a rejection with the signal's reason once it aborts, whichever comes first. */
function untilAborted<T>(done: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return done;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void done.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
