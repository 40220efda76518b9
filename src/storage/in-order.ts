/**
 * Writes to one store, one after the other: an async read-then-write or a write made elsewhere
 * (the worker's) may take longer than the write asked after it, which it would then undo.
 */
import type { UseStore } from 'idb-keyval';

/** Each store's last write, which the next one waits for. */
const lastWrite = new WeakMap<UseStore, Promise<unknown>>();

/** `write` once every write asked of `store` before it has ended, whether it failed or not. */
export function afterEarlierWrites<T>(store: UseStore, write: () => Promise<T>): Promise<T> {
  const written = (lastWrite.get(store) ?? Promise.resolve()).then(write);
  lastWrite.set(
    store,
    written.catch(() => undefined),
  );
  return written;
}
