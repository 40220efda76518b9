/**
 * A function of long strings that remembers the chunks of the last texts it was given, so that a
 * text an edit made of one of them is redone near the edit only (chunked-text.ts).
 */
import {
  chunkEdited,
  chunkWhole,
  defaultLengths,
  splicedEdit,
  type Chunked,
  type ChunkWork,
} from './chunked-text.ts';
import { noteTextEdit, textEdit } from './text-edit.ts';

/**
 * `work`'s function, remembering the chunks of the last texts it was given: a text that an edit
 * made of one of them (noted or found by comparing, text-edit.ts) is redone near the edit only.
 * The texts kept are bounded by characters (the newest always stays): every version of a 10 MB
 * message kept would be 20 MB each.
 */
export function chunkedFunction<R>(
  whole: (text: string) => R,
  work: ChunkWork<R>,
  lengths = defaultLengths,
  /**
   * For a text transform whose result is put into a larger text (a string's JSON inside a payload):
   * the edit of its result is noted too, so the larger text's edit can be known from it
   * (written-json.ts). Kept to that one: each noted edit holds its text before alive.
   */
  noteResultEdits = false,
): (text: string) => R {
  const kept: Array<Chunked<R>> = [];
  return (text) => {
    if (text.length < lengths.from) return whole(text);
    let chunked: Chunked<R> | undefined;
    for (let i = kept.length - 1; i >= 0 && !chunked; i--) {
      const entry = kept[i] as Chunked<R>;
      if (entry.text === text) return entry.result;
      const edit = textEdit(entry.text, text);
      // An edit over most of the text (another text altogether) is cheaper done whole.
      if (edit.removed + edit.inserted.length > text.length / 4) continue;
      chunked = chunkEdited(entry, text, edit, work, lengths);
      if (noteResultEdits) noteResultEdit(entry, chunked);
      kept.splice(i, 1);
    }
    chunked ??= chunkWhole(text, work, lengths);
    kept.push(chunked);
    let chars = kept.reduce((sum, entry) => sum + entry.text.length, 0);
    while (kept.length > 1 && (kept.length > maxKept || chars > maxKeptChars))
      chars -= (kept.shift() as Chunked<R>).text.length;
    return chunked.result;
  };
}

/**
 * Notes how an edit changed a transform's result (`splicedEdit`). A result that is its text as is
 * needs no note: the text's own edit is the one noted.
 */
function noteResultEdit<R>(before: Chunked<R>, after: Chunked<R>): void {
  if (typeof before.result !== 'string' || typeof after.result !== 'string') return;
  if (!before.changed.includes(1) && !after.changed.includes(1)) return;
  const edit = splicedEdit(after as unknown as Chunked<string>);
  if (edit) noteTextEdit(before.result, after.result, edit);
}

const maxKept = 4;
const maxKeptChars = 12_000_000;
