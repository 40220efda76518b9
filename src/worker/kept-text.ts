/**
 * The input's text kept in IndexedDB by the worker rather than the page. A store's write clones
 * its value in the thread that makes it, in one task no one can split: in Chromium, 137–326 ms
 * for a 10 MB multibyte text and 76–214 ms for 10 MB of ASCII (measured), and a version's write
 * clones every version kept. The worker holds the text of the result it sent last, so the page
 * names a large text by that result's id (`base`) instead of cloning it across.
 */
import { z } from 'zod';
import { storedRecordSchema, writeWholeInput } from '../storage/stored-input.ts';
import { rememberVersion } from '../storage/versions.ts';

/** The text itself, or the one of the result `base` the worker sent. */
export const keptTextSchema = z.union([z.object({ text: z.string() }), z.object({ base: z.number().int() })]);
export type KeptText = z.infer<typeof keptTextSchema>;

/** Where it goes: the autosave, whole, with its record; or the version history, with its label. */
export const keepingSchema = z.union([
  z.object({ autosave: storedRecordSchema }),
  z.object({ version: z.string() }),
]);
export type Keeping = z.infer<typeof keepingSchema>;

export async function keepText(text: string, keeping: Keeping): Promise<void> {
  if ('autosave' in keeping) await writeWholeInput(text, keeping.autosave);
  else await rememberVersion(text, keeping.version);
}
