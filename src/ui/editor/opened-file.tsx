/** In the editor's place while a session file read as a stream is open, and the bar while it is read. */
import { useInputStore } from '../../state/input-store.ts';
import { useUiStore } from '../../state/ui-store.ts';
import { cancelOpening, closeSessionFile } from '../header/work-actions.ts';
import { countText } from '../../core/views/count-text.ts';

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

export function OpenedFileCard() {
  const opened = useInputStore((s) => s.opened);
  if (!opened) return null;
  return (
    <div className="p-4 text-sm" data-testid="opened-file">
      <h2 className="font-semibold">{opened.name}</h2>
      <p className="mt-1">
        {megabytes(opened.bytes)}, {countText(opened.lines)} lines — read in the worker as a stream, line by
        line. It is too large to edit here, so it is not in the editor; findings give their line in the file.
        The Session view lists its requests; the other views show the one chosen.
      </p>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        It stays on this computer, and is not in links (a link would carry an empty input).
      </p>
      <button
        type="button"
        className="mt-2 rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700"
        onClick={() => void closeSessionFile()}
      >
        Close the file
      </button>
    </div>
  );
}

export function OpeningProgress() {
  const opening = useUiStore((s) => s.opening);
  if (!opening) return null;
  const percent = opening.total > 0 ? Math.min(100, Math.round((opening.bytes / opening.total) * 100)) : 0;
  return (
    <div
      className="flex items-center gap-3 border-b border-sky-300 bg-sky-50 px-3 py-1 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100"
      data-testid="opening-progress"
    >
      <span>
        Reading {opening.name}: {megabytes(opening.bytes)} of {megabytes(opening.total)},{' '}
        {countText(opening.lines)} lines
      </span>
      <progress
        className="h-2 w-48"
        max={100}
        value={percent}
        aria-label={`Reading ${opening.name}`}
      >{`${percent}%`}</progress>
      <button type="button" className="rounded border border-current px-2" onClick={cancelOpening}>
        Cancel
      </button>
    </div>
  );
}
