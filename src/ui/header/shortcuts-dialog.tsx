/** Every keyboard shortcut in one list, opened with "?" or from the toolbar. A native modal dialog: focus is trapped and Escape closes it. */
import { useEffect, useRef } from 'react';
import { useUiStore } from '../../state/ui-store.ts';

export const shortcutList = [
  ['?', 'This list of shortcuts'],
  ['Alt+1 … Alt+4', 'Show the console, payload, multimodal or token view full width'],
  ['Alt+0 or Escape', 'Restore the four-view layout'],
  ['Alt+F', 'Choose the format to read the input as'],
  ['Alt+S', 'Open a sample'],
  ['Alt+O', 'Open a file'],
  ['Alt+C', 'Copy the native payload'],
  ['Alt+Shift+C', 'Copy the console text'],
  ['Alt+P', 'Show or hide the problems list'],
] as const;

export function ShortcutsDialog() {
  const open = useUiStore((s) => s.helpOpen);
  const helpToggled = useUiStore((s) => s.helpToggled);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-title"
      data-testid="shortcuts-dialog"
      className="m-auto max-h-[90vh] w-[min(32rem,calc(100vw-2rem))] overflow-auto rounded border border-slate-300 bg-white p-4 text-sm text-slate-900 backdrop:bg-black/30 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      onClose={() => {
        if (useUiStore.getState().helpOpen) helpToggled();
      }}
    >
      <h2 id="shortcuts-title" className="mb-2 font-semibold">
        Keyboard shortcuts
      </h2>
      <table className="w-full">
        <tbody>
          {shortcutList.map(([keys, what]) => (
            <tr key={keys} className="border-t border-slate-200 dark:border-slate-800">
              <td className="py-1 pr-3 font-mono text-xs whitespace-nowrap">{keys}</td>
              <td className="py-1">{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog" className="mt-3 text-right">
        <button type="submit" className="rounded border border-slate-300 px-3 py-0.5 dark:border-slate-700">
          Close
        </button>
      </form>
    </dialog>
  );
}
