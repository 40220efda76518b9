/**
 * The last versions of the input, kept in IndexedDB: what the version diff picks from, and
 * what a "New", a sample, a file or a link never destroys. Plain async functions; the page
 * keeps a version through the pipeline worker (worker/kept-text.ts), since each write clones
 * every version kept, up to `maxVersionChars`, in the thread that makes it.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { afterEarlierWrites } from './in-order.ts';

const versionsKey = 'versions:v1';
export const maxVersions = 12;
/** All versions together stay under this many characters (IndexedDB quotas vary). */
export const maxVersionChars = 40_000_000;

const versionSchema = z.object({ id: z.number(), savedAt: z.string(), label: z.string(), text: z.string() });
export type Version = z.infer<typeof versionSchema>;

let store: UseStore | undefined;
export function versionStore(): UseStore {
  store ??= createStore('context-lens-versions', 'versions');
  return store;
}

export async function loadVersions(db: UseStore = versionStore()): Promise<Version[]> {
  try {
    const parsed = z.array(versionSchema).safeParse(await get(versionsKey, db));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * Keeps `text` as the newest version unless it is empty or the same as the newest. Returns the
 * list, newest first. Each store's calls run one after another: two at once would each read the
 * list before the other wrote it, and the second would drop the first's version.
 */
export function rememberVersion(
  text: string,
  label: string,
  db: UseStore = versionStore(),
  now = new Date(),
): Promise<Version[]> {
  return afterEarlierWrites(db, () => remember(text, label, db, now));
}

async function remember(text: string, label: string, db: UseStore, now: Date): Promise<Version[]> {
  const versions = await loadVersions(db);
  if (text.trim() === '' || versions[0]?.text === text) return versions;
  const next: Version[] = [
    { id: (versions[0]?.id ?? 0) + 1, savedAt: now.toISOString(), label, text },
    ...versions,
  ];
  let chars = 0;
  const kept = next
    .slice(0, maxVersions)
    .filter((v, i) => (chars += v.text.length) <= maxVersionChars || i === 0);
  try {
    await set(versionsKey, kept, db);
  } catch {
    // Storage full: the versions already kept stay as they were.
  }
  return kept;
}
