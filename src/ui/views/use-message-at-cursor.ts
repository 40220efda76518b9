/**
 * The message under the input editor's cursor, for the views that follow it (the timeline, the
 * payload, the multimodal message, the token table).
 */
import { useUiStore } from '../../state/ui-store.ts';
import { messageAtOffset, type Ranged } from '../../worker/entry-at.ts';

/**
 * The index in `messages` of the one whose range holds the cursor, or undefined. Selected from
 * the store, so a view renders again when that message changes, not whenever the cursor moves:
 * every keystroke and a paste's first slice move it, and each move rendered all four views again
 * with the result they already showed (React's commits, seen through its DevTools hook, after a 1 MB
 * paste: the views once with the old result in the paste's first task, then with the new one).
 */
export function useMessageAtCursor(messages: Ranged): number | undefined {
  return useUiStore((s) => messageAtOffset(messages, s.cursorOffset));
}
