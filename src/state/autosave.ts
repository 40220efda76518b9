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
 */
import { promptOptionsSchema } from '../core/templates/options.ts';
import { createStore, getMany, setMany, type UseStore } from 'idb-keyval';
import { joinedOnto, knownEdit, applyTextEdit, type TextEdit } from '../core/input/text-edit.ts';
import { z } from 'zod';
import type { InputState } from './input-store.ts';

const inputKey = 'input:v1';
/** The saved text as an edit of the one under `inputKey`, with the input's settings as they are now. */
const editKey = 'input:v1:edit';
/** Texts shorter than this are always saved whole. */
const editsFrom = 1_000_000;
/** An edit whose text is longer than this is saved as the whole text instead. */
const longestSavedEdit = 100_000;

const storedInputSchema = z.object({
  text: z.string(),
  formatOverride: z.string().optional(),
  modelId: z.string().optional(),
  pruneLimit: z.number().positive(),
  record: z.number().int().nonnegative().optional(),
  request: z.number().int().nonnegative().optional(),
  thread: z.string().optional(),
  prompt: promptOptionsSchema.optional(),
});
export type SavedInput = z.infer<typeof storedInputSchema>;

/** What ties an edit to the whole text it edits: a new one with each whole save. */
const stampSchema = z.object({ stamp: z.string().optional() });
const storedEditSchema = storedInputSchema.omit({ text: true }).extend({
  stamp: z.string(),
  edit: z.object({
    start: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
    inserted: z.string(),
  }),
});

/**
 * Per store: the stamp of the text saved whole last, and the text typed since as one edit of
 * it, while every change was a noted edit near the last (`inputChanged`).
 */
const followed = new WeakMap<UseStore, { stamp: string; edit?: TextEdit; text: string }>();

let defaultStore: UseStore | undefined;
export function autosaveStore(): UseStore {
  defaultStore ??= createStore('context-lens', 'autosave');
  return defaultStore;
}

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
  { wholeBelow = editsFrom }: { wholeBelow?: number } = {},
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
  try {
    if (asEdit) await setMany([[editKey, { ...settings, stamp, edit: asEdit }]], store);
    // In one transaction: an edit of the text before never meets the new one.
    else
      await setMany(
        [
          [inputKey, { ...settings, text: state.text, stamp }],
          [editKey, undefined],
        ],
        store,
      );
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
