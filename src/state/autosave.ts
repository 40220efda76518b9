/**
 * Autosave of what the user typed: a reload, a crash or a bad link brings it back. Stored
 * state is validated on the way in (zod at every boundary); anything unreadable is ignored.
 * Plain functions: the store stays free of I/O, a hook at the edge calls these.
 */
import { z } from 'zod';
import type { InputState } from './input-store.ts';

const storageKey = 'context-lens:input:v1';

const storedInputSchema = z.object({
  text: z.string(),
  formatOverride: z.string().optional(),
  modelId: z.string(),
  pruneLimit: z.number().positive(),
});

export function loadSavedInput(
  storage: Storage | undefined = globalThis.localStorage,
): Partial<InputState> | undefined {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return undefined;
    const parsed = storedInputSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Partial<InputState>) : undefined;
  } catch {
    return undefined;
  }
}

export function saveInput(
  state: InputState,
  storage: Storage | undefined = globalThis.localStorage,
): boolean {
  try {
    storage?.setItem(
      storageKey,
      JSON.stringify({
        text: state.text,
        formatOverride: state.formatOverride,
        modelId: state.modelId,
        pruneLimit: state.pruneLimit,
      }),
    );
    return true;
  } catch {
    // Quota exceeded (a very large paste): the text stays in the editor; the next smaller save succeeds.
    return false;
  }
}
