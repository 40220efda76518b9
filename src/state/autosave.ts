/**
 * Autosave of what the user typed: a reload, a crash or a bad link brings it back. IndexedDB,
 * not localStorage: a 5 MB transcript is one structured clone and an asynchronous write,
 * where localStorage costs a synchronous JSON.stringify (~0.5 s measured) and hits its quota.
 * Stored state is validated on the way in (zod at every boundary); anything unreadable is ignored.
 * Plain functions: the store stays free of I/O, a hook at the edge calls these.
 */
import { promptOptionsSchema } from '../core/templates/options.ts';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import type { InputState } from './input-store.ts';

const inputKey = 'input:v1';

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

let defaultStore: UseStore | undefined;
export function autosaveStore(): UseStore {
  defaultStore ??= createStore('context-lens', 'autosave');
  return defaultStore;
}

export async function loadSavedInput(store: UseStore = autosaveStore()): Promise<SavedInput | undefined> {
  try {
    const parsed = storedInputSchema.safeParse(await get(inputKey, store));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function saveInput(state: InputState, store: UseStore = autosaveStore()): Promise<boolean> {
  const saved: SavedInput = {
    text: state.text,
    formatOverride: state.formatOverride,
    modelId: state.modelId,
    pruneLimit: state.pruneLimit,
    record: state.record,
    ...(state.request !== undefined ? { request: state.request } : {}),
    ...(state.thread ? { thread: state.thread } : {}),
    prompt: state.prompt,
  };
  try {
    await set(inputKey, saved, store);
    return true;
  } catch {
    // Storage full or unavailable (private mode): the text stays in the editor.
    return false;
  }
}
