/**
 * How the autosaved input is laid out in IndexedDB: read and written by the page
 * (state/autosave.ts), and written whole by the pipeline worker (worker/kept-text.ts).
 */
import { createStore, setMany, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { promptOptionsSchema } from '../core/templates/options.ts';

export const inputKey = 'input:v1';
/** The saved text as an edit of the one under `inputKey`, with the input's settings as they are now. */
export const editKey = 'input:v1:edit';
export const storedInputSchema = z.object({
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

/** What is stored beside a whole text: the input's settings and the stamp its edits name. */
export const storedRecordSchema = storedInputSchema.omit({ text: true }).extend({ stamp: z.string() });
export type StoredRecord = z.infer<typeof storedRecordSchema>;

/** What ties an edit to the whole text it edits: a new one with each whole save. */
export const stampSchema = z.object({ stamp: z.string().optional() });
export const storedEditSchema = storedRecordSchema.extend({
  edit: z.object({
    start: z.number().int().nonnegative(),
    removed: z.number().int().nonnegative(),
    inserted: z.string(),
  }),
});

let defaultStore: UseStore | undefined;
export function autosaveStore(): UseStore {
  defaultStore ??= createStore('context-lens', 'autosave');
  return defaultStore;
}

/** `text` saved whole with its record, and any edit of an older text dropped, in one transaction. */
export async function writeWholeInput(
  text: string,
  record: StoredRecord,
  store: UseStore = autosaveStore(),
): Promise<void> {
  await setMany(
    [
      [inputKey, { ...record, text }],
      [editKey, undefined],
    ],
    store,
  );
}
