/** Over an empty editor: what can go in it and how, instead of a blank pane. Clicks pass through to the editor. */
import { firstVisitSample } from '../../samples/index.ts';
import { openSample } from '../header/work-actions.ts';

export function EmptyGuide() {
  return (
    <div
      data-testid="empty-guide"
      className="pointer-events-none absolute inset-0 z-10 flex items-start justify-center overflow-auto p-6"
    >
      <div className="max-w-md space-y-2 rounded border border-dashed border-slate-300 bg-white/90 p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-950/90 dark:text-slate-300">
        <p className="font-semibold">Paste what went to a model, or came back from it</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>an OpenAI Chat Completions or Anthropic Messages request, or a bare messages array;</li>
          <li>
            an Aya context, an Ei transcript blob, Forge messages, Suna stored rows or a Tzurot request;
          </li>
          <li>JSON with comments, a markdown code fence or JSON Lines is fine.</li>
        </ul>
        <p>
          Drop a file anywhere on this pane, use <strong>Open…</strong> (Alt+O), or{' '}
          <button
            type="button"
            className="pointer-events-auto rounded border border-slate-400 px-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={() => void openSample(firstVisitSample.text)}
          >
            open a sample
          </button>{' '}
          (Alt+S for the list). Nothing you paste leaves this browser.
        </p>
      </div>
    </div>
  );
}
