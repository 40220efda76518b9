/** What changed between two versions of a text, found fast enough to run on every keystroke. */

export interface TextEdit {
  /** Where the two texts start to differ. */
  start: number;
  /** How many characters of the first text, from `start`, were replaced. */
  removed: number;
  /** What replaced them. */
  inserted: string;
}

/**
 * The one stretch that turns `before` into `after`. An edit the app made itself (`noteTextEdit`)
 * is looked up; otherwise it is what lies between the texts' shared start and end, found by
 * comparing them — ~10 ms over 5 MB on the page and a few in the worker, several times a keystroke.
 */
export function textEdit(before: string, after: string): TextEdit {
  return knownEdit(before, after) ?? comparedEdit(before, after);
}

/**
 * Most of the text after the edit is new (a paste over it): what is sent or kept of the last
 * version saves less than it costs, so the new one goes whole.
 */
export function replacesMost(edit: TextEdit, after: string): boolean {
  return edit.inserted.length > after.length / 2;
}

/** What lies between the shared start and end of `before` and `after`: the smallest such stretch. */
export function comparedEdit(before: string, after: string): TextEdit {
  const shortest = Math.min(before.length, after.length);
  // Whole blocks first (compared natively), then character by character inside the first that differs:
  // a character loop alone took ~16 ms over 3 MB (measured).
  let start = 0;
  while (
    start + block <= shortest &&
    before.slice(start, start + block) === after.slice(start, start + block)
  )
    start += block;
  while (start < shortest && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  const room = shortest - start;
  let end = 0;
  while (
    end + block <= room &&
    before.slice(before.length - end - block, before.length - end) ===
      after.slice(after.length - end - block, after.length - end)
  )
    end += block;
  while (
    end < room &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  return { start, removed: before.length - start - end, inserted: after.slice(start, after.length - end) };
}

const block = 2_048;

/**
 * Edits the app made, newest last: a keystroke is known as an edit where it happens (Monaco's
 * change event, the worker's request), and every later step that asks what changed between two
 * texts finds it here instead of comparing megabytes. Each entry keeps its `before` text alive,
 * so they are bounded by characters; the newest always stays. A keystroke in a 10 MB message
 * notes four edits of about its length — the input, the string's value, that string's JSON and
 * the payload written around it — and the payload is known as the input's next text only while
 * the input's own is still here (`knownSame`): at 12 M characters it was gone, and the two 10 MB
 * texts were compared (writing the payload out flat, 20 MB). Most of those texts are slices of
 * one another or the input's own string, so the bound counts more than they hold.
 */
const recent: Array<{ before: string; after: string; edit: TextEdit }> = [];
const maxRecent = 8;
const maxRecentChars = 48_000_000;

/** Notes that `edit` turns `before` into `after` (the caller made `after` from them). */
export function noteTextEdit(before: string, after: string, edit: TextEdit): void {
  recent.push({ before, after, edit });
  let chars = recent.reduce((sum, entry) => sum + entry.before.length, 0);
  while (recent.length > maxRecent || (recent.length > 1 && chars > maxRecentChars)) {
    chars -= recent[0]?.before.length ?? 0;
    recent.shift();
  }
}

/** Forgets every noted edit (tests). */
export function forgetTextEdits(): void {
  recent.length = 0;
}

/**
 * The edit from `before` to `after` through noted edits: the newest chain of them that ends at
 * `after` and starts at `before`, joined into one stretch (it may be longer than the smallest).
 * Texts are compared by length first: an unrelated text of another length costs nothing, one of
 * the same length is compared whole (which is why a payload's or a view's text is not looked up).
 */
export function knownEdit(before: string, after: string): TextEdit | undefined {
  let target = after;
  let joined: Stretch | undefined;
  // The same edit with its text, while each edit met overlaps or touches the one after it: V8
  // keeps `after` as the pieces around the edits, and slicing the text out of it would write it
  // all out flat first (20 MB a keystroke in a 10 MB multibyte message, an allocation profile).
  let made: TextEdit | undefined;
  for (let i = recent.length - 1; i >= 0; i--) {
    const entry = recent[i] as (typeof recent)[number];
    if (entry.after.length !== target.length || entry.after !== target) continue;
    const stretch = {
      start: entry.edit.start,
      removed: entry.edit.removed,
      inserted: entry.edit.inserted.length,
    };
    made = joined ? made && joinedOnto(entry.edit, made) : entry.edit;
    joined = joined ? joinStretches(stretch, joined) : stretch;
    if (entry.before.length === before.length && entry.before === before) {
      const { start, removed, inserted } = joined;
      return made ? { ...made } : { start, removed, inserted: after.slice(start, start + inserted) };
    }
    target = entry.before;
  }
  return undefined;
}

/**
 * Whether `text` holds the same characters as `newest`, the text the newest noted edit made: when
 * an older noted edit of the same string made the same characters of it, and made `text`. Read
 * whole instead, the two texts were compared character by character and any that V8 held in
 * pieces written out flat: the payload, the input's text again, on every keystroke (~7 ms at
 * 10,000 messages in Chromium's worker, profiled). False when not known that way (compare them).
 */
export function knownSame(text: string, newest: string): boolean {
  const last = recent.at(-1);
  if (!last || text.length !== newest.length || last.after.length !== newest.length || last.after !== newest)
    return false;
  for (let i = recent.length - 2; i >= 0; i--) {
    const other = recent[i] as (typeof recent)[number];
    if (other.edit.inserted.length - other.edit.removed !== last.edit.inserted.length - last.edit.removed)
      continue;
    if (other.before.length !== last.before.length || other.before !== last.before) continue;
    if (sameEffect(last.before, last.edit, other.edit)) return other.after === text;
  }
  return false;
}

/** Whether two edits of `base` that change its length alike make the same text of it, read near the edits only. */
function sameEffect(base: string, first: TextEdit, second: TextEdit): boolean {
  const from = Math.min(first.start, second.start);
  const to = Math.max(first.start + first.removed, second.start + second.removed);
  // Far apart, the stretch between them is no cheaper to read than the texts themselves.
  if (to - from > maxEffectSpan) return false;
  const made = (edit: TextEdit) =>
    base.slice(from, edit.start) + edit.inserted + base.slice(edit.start + edit.removed, to);
  return made(first) === made(second);
}

const maxEffectSpan = 65_536;

/** An edit by lengths: `inserted` characters replace `removed` from `start`. */
interface Stretch {
  start: number;
  removed: number;
  inserted: number;
}

/** `first`, then `second` made on the text `first` gives, as one stretch of the text before both. */
function joinStretches(first: Stretch, second: Stretch): Stretch {
  // The stretch of the middle text that either touches; past it, the texts line up again.
  const start = Math.min(first.start, second.start);
  const middleEnd = Math.max(first.start + first.inserted, second.start + second.removed);
  return {
    start,
    removed: middleEnd - first.inserted + first.removed - start,
    inserted: middleEnd + second.inserted - second.removed - start,
  };
}

/** `text` with the edit made: the inverse of `textEdit`. */
export function applyTextEdit(text: string, edit: TextEdit): string {
  return text.slice(0, edit.start) + edit.inserted + text.slice(edit.start + edit.removed);
}

/** `applyTextEdit`, noted: a later `textEdit` between the two texts finds the edit instead of comparing them. */
export function editText(text: string, edit: TextEdit): string {
  const edited = applyTextEdit(text, edit);
  noteTextEdit(text, edited, edit);
  return edited;
}

/**
 * `editText` for a text typed into, never read whole: an edit inside or beside the stretch the
 * last edit made is made again on the text before that one. V8 keeps an edited text as the
 * pieces around the edit, and slicing those pieces wrote the whole text out flat first (20 MB a
 * keystroke in a 10 MB multibyte message, an allocation profile of the page), where slices of
 * the text before are views of it. The text before is kept while typing goes on in one place.
 * The page's editor and the worker's input both are made this way: the worker reads the input
 * through it (text-slices.ts), never whole.
 */
export function editTypedText(text: string, edit: TextEdit): string {
  const last = lastTyped?.edited === text ? lastTyped : undefined;
  const joined = last && joinedOnto(last.edit, edit);
  const from = joined ? last.from : text;
  const made = joined ?? edit;
  const edited = applyTextEdit(from, made);
  noteTextEdit(text, edited, edit);
  lastTyped = { from, edit: made, edited, before: text, last: edit };
  return edited;
}

/**
 * `second`, made on the text `first` gave, as one edit of the text before `first`: when the two
 * overlap or touch, the text between them is in `first.inserted`, so nothing of the edited text
 * is read. Undefined when they are apart.
 */
export function joinedOnto(first: TextEdit, second: TextEdit): TextEdit | undefined {
  const firstEnd = first.start + first.inserted.length;
  const secondEnd = second.start + second.removed;
  if (second.start > firstEnd || secondEnd < first.start) return undefined;
  const start = Math.min(first.start, second.start);
  const before = first.inserted.slice(0, Math.max(0, second.start - first.start));
  const after = first.inserted.slice(Math.min(first.inserted.length, Math.max(0, secondEnd - first.start)));
  // Where the joined stretch ends in the text before `first`.
  const end = first.start + first.removed + Math.max(0, secondEnd - firstEnd);
  return { start, removed: end - start, inserted: before + second.inserted + after };
}

/**
 * How `editTypedText` made `text`, when it made it last: one edit of `from`, a text not read
 * whole since (its slices are views of it), so what is around the edit can be read there without
 * writing `text` out flat.
 */
export function typedFrom(text: string): { from: string; edit: TextEdit } | undefined {
  return lastTyped?.edited === text ? { from: lastTyped.from, edit: lastTyped.edit } : undefined;
}

/**
 * The edit `editTypedText` made last, when it made `after` from `before`: the text a keystroke
 * made, compared with the one before it, was written out flat (20–115 ms of the worker's
 * keystroke in Chromium at 10,000 messages, where the payload is the input's text; timed there).
 */
export function typedEdit(before: string, after: string): TextEdit | undefined {
  return lastTyped?.edited === after && lastTyped.before === before ? lastTyped.last : undefined;
}

/**
 * The text `editTypedText` made last, when it made it by `edit` of `before`. The page rebuilds a
 * payload that is the input's text (OpenAI read as OpenAI) from the worker's delta of it: the same
 * edit of the same text makes the same text, so the payload is the input's own string, held as
 * slices of a flat text, not a new one written out flat by the next edit (5 MB a keystroke at
 * 10,000 messages, and again by each view that read it whole).
 */
export function typedBy(before: string, edit: TextEdit): string | undefined {
  const last = lastTyped;
  if (
    !last ||
    last.last.start !== edit.start ||
    last.last.removed !== edit.removed ||
    last.last.inserted !== edit.inserted
  )
    return undefined;
  return last.before === before ? last.edited : undefined;
}

/**
 * The last text `editTypedText` made (`edited`), as one stretch of a text it sliced (flat since,
 * if it was not), and as the edit it made of the text it was given (`before`, `last`).
 */
let lastTyped: { from: string; edit: TextEdit; edited: string; before: string; last: TextEdit } | undefined;
