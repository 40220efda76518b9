/**
 * Autosave of what the user typed: a reload, a crash or a bad link brings it back. IndexedDB,
 * not localStorage: a 5 MB transcript is one structured clone and an asynchronous write,
 * where localStorage costs a synchronous JSON.stringify (~0.5 s measured) and hits its quota.
 * Stored state is validated on the way in (zod at every boundary); anything unreadable is ignored.
 * Plain functions: the store stays free of I/O, a hook at the edge calls these.
 *
 * A large text typed into is saved as the text saved whole last and the one edit since, while
 * the edits stay in one place: the structured clone of a 10 MB multibyte text took 38–77 ms of
 * the page a second while typing and wrote the text out flat (20 MB; measured in Chromium).
 *
 * A whole save of a large text is written by the pipeline worker, which holds the text already
 * (`writeWhole`, worker/kept-text.ts): IndexedDB clones a value in the thread that writes it, in
 * one task, and a 10 MB paste's first save was a 195 ms task of the page (profiled).
 */
import { getMany, setMany, type UseStore } from 'idb-keyval';
import { joinedOnto, knownEdit, applyTextEdit, type TextEdit } from '../core/input/text-edit.ts';
import {
  autosaveStore,
  editKey,
  inputKey,
  stampSchema,
  storedEditSchema,
  storedInputSchema,
  writeWholeInput,
  type SavedInput,
  type StoredRecord,
} from '../storage/stored-input.ts';
import { afterEarlierWrites } from '../storage/in-order.ts';
import type { InputState } from './input-store.ts';

export { autosaveStore, type SavedInput };

/** Texts shorter than this are always saved whole. */
const editsFrom = 1_000_000;
/** An edit whose text is longer than this is saved as the whole text instead. */
const longestSavedEdit = 100_000;

/** A text this long or longer is written whole by `writeWhole` when the caller gives one. */
const writtenElsewhereFrom = 256 * 1024;

/** Writes `text` whole with its record, where the caller wants it written. */
export type WholeWrite = (text: string, record: StoredRecord) => Promise<unknown>;

/**
 * Per store: the stamp of the text saved whole last, and the text typed since as one edit of
 * it, while every change was a noted edit near the last (`inputChanged`).
 */
const followed = new WeakMap<UseStore, { stamp: string; edit?: TextEdit; text: string }>();

export async function loadSavedInput(store: UseStore = autosaveStore()): Promise<SavedInput | undefined> {
  try {
    const [whole, edited] = await getMany([inputKey, editKey], store);
    const parsed = storedInputSchema.safeParse(whole);
    if (!parsed.success) return undefined;
    const stamp = stampSchema.safeParse(whole);
    const edit = storedEditSchema.safeParse(edited);
    // An edit of another whole text (one saved after it, or before it) is not this text's.
    if (!edit.success || !stamp.success || edit.data.stamp !== stamp.data.stamp) return parsed.data;
    const { stamp: _stamp, edit: change, ...settings } = edit.data;
    if (change.start + change.removed > parsed.data.text.length) return parsed.data;
    return { ...settings, text: applyTextEdit(parsed.data.text, change) };
  } catch {
    return undefined;
  }
}

export async function saveInput(
  state: InputState,
  store: UseStore = autosaveStore(),
  { wholeBelow = editsFrom, writeWhole }: { wholeBelow?: number; writeWhole?: WholeWrite } = {},
): Promise<boolean> {
  const { text: _text, ...settings }: SavedInput = {
    text: state.text,
    formatOverride: state.formatOverride,
    modelId: state.modelId,
    pruneLimit: state.pruneLimit,
    record: state.record,
    ...(state.request !== undefined ? { request: state.request } : {}),
    ...(state.thread ? { thread: state.thread } : {}),
    prompt: state.prompt,
  };
  const last = followed.get(store);
  const asEdit =
    last && last.text === state.text && state.text.length >= wholeBelow
      ? (last.edit ?? { start: 0, removed: 0, inserted: '' })
      : undefined;
  const stamp = last && asEdit ? last.stamp : Math.random().toString(36).slice(2);
  // Followed from now, before the write ends: a save made meanwhile edits this one's text.
  if (!asEdit) followed.set(store, { stamp, text: state.text });
  const write = async () => {
    if (asEdit) await setMany([[editKey, { ...settings, stamp, edit: asEdit }]], store);
    else if (writeWhole && state.text.length >= writtenElsewhereFrom)
      await writeWhole(state.text, { ...settings, stamp });
    else await writeWholeInput(state.text, { ...settings, stamp }, store);
  };
  try {
    // In the order they were asked: a whole save written elsewhere may take longer than the edit
    // saved after it, which it would then wipe.
    await afterEarlierWrites(store, write);
    return true;
  } catch {
    // Storage full or unavailable (private mode): the text stays in the editor; the next save is whole.
    followed.delete(store);
    return false;
  }
}

/**
 * The input's text changed from `before` to `after`: followed as one edit of the last whole save
 * while each change is a noted edit (a keystroke) that overlaps or touches the edit so far and
 * keeps its text short; anything else makes the next save whole.
 */
export function inputChanged(before: string, after: string, store: UseStore = autosaveStore()): void {
  const last = followed.get(store);
  if (!last || last.text !== before) return;
  const change = knownEdit(before, after);
  const edit = change && (last.edit ? joinedOnto(last.edit, change) : change);
  if (edit && edit.inserted.length <= longestSavedEdit) followed.set(store, { ...last, edit, text: after });
  else followed.delete(store);
}
