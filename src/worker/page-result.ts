/**
 * The pipeline result as the page gets it: without the canonical conversation (each message's
 * place is enough), without the texts the page never shows whole (the console's joined text, the
 * multimodal JSON), and with very long strings cut to what the views can page through — the
 * worker keeps them whole for copy, download and every conversion. Structured-cloning 10,000
 * messages' parts cost the main thread ~0.3 s, a 10 MB message three times over far more.
 */
import { exportTargets } from '../core/exports.ts';
import type { PipelineResult } from '../core/pipeline.ts';
import type { SerializeResult } from '../core/diagnostics.ts';
import { shiftedOffset, shortened, shortenJsonStrings } from '../core/views/shorten.ts';
import { shortenedWritten } from '../core/views/console-share.ts';
import type { ConsoleWindows } from './console-windows.ts';
import { gapsOf } from './source-gaps.ts';
import type { CombinedMessage } from '../core/views/multimodal.ts';
import type { MessagePartsView } from '../core/views/message-parts.ts';
import type { Message } from '../core/ir.ts';
import type { NativeView } from '../core/views/native.ts';
import type { ConsoleEntry } from '../core/views/console.ts';
import { consoleWindow } from './page-windows.ts';
import type {
  MessageViewResult,
  PageConsoleEntry,
  PageMessage,
  PageNative,
  PageNativePayload,
  PageResult,
} from './protocol.ts';

/** What the page gets of one string: enough for a view to page through, many pages' worth. */
export const pageStringLength = 200_000;
/** Above this, a payload's long strings are cut in the text the page shows (Copy and Download ask the worker). */
const payloadLength = 1_000_000;
const payloadStringLength = 20_000;

/**
 * `windows`: which console windows the page may keep (console-windows.ts). `native`: the payloads
 * as already sent ahead of the result (`pageNative` of the same views), when they were.
 */
export function toPageResult(
  { conversation, views, ...rest }: PipelineResult,
  run: number,
  windows: ConsoleWindows,
  native: PageNative = pageNative(views.native),
): PageResult {
  const all = views.console.entries;
  const console = { count: all.length, entries: carriedEntries(all.slice(0, consoleWindow)), ...windows };
  return {
    ...rest,
    run,
    views: {
      console,
      native,
      multimodal: {
        ...(views.multimodal.sourceIndex !== undefined ? { sourceIndex: views.multimodal.sourceIndex } : {}),
      },
      ...(views.prompt ? { prompt: views.prompt } : {}),
    },
    messages: pageMessages(conversation.messages),
    ...(conversation.dataset
      ? { dataset: { records: conversation.dataset.records, record: conversation.dataset.record } }
      : {}),
    exportTargets: exportTargets.map(({ id, label, filename }) => ({ id, label, filename })),
  };
}

/**
 * `make` for each item of a list, where an item at the same place in the last list is the same
 * object taken from what it made then. A keystroke keeps every message before the edit and every
 * console entry but the edited one as the same objects, and the same page item then compares
 * equal to the last one without a look inside (result-delta). By position rather than looked up:
 * a look-up per message of 10,000, and one more stored for each moved copy after the edit, never
 * asked for again, were ~2 ms a keystroke in node (profiled).
 */
function reusedByPosition<T, U>(make: (item: T) => U): (items: readonly T[]) => U[] {
  let last: { items: readonly T[]; made: U[] } | undefined;
  return (items) => {
    const before = last;
    const made = items.map((item, i) =>
      before && before.items[i] === item ? (before.made[i] as U) : make(item),
    );
    last = { items, made };
    return made;
  };
}

const long = (text: string) => text.length > pageStringLength;

/** An entry with its long texts cut; copied only where something is cut (copying every entry of 10,000 cost ~15 ms a keystroke). */
const pageEntry = (entry: ConsoleEntry): PageConsoleEntry =>
  long(entry.header) || entry.lines.some((line) => long(line.text))
    ? {
        ...entry,
        header: shortenedWritten(entry, entry.header, pageStringLength).text,
        lines: entry.lines.map((line) =>
          long(line.text) ? { ...line, ...shortenedWritten(line, line.text, pageStringLength) } : line,
        ),
      }
    : entry;

const carriedEntries = reusedByPosition(pageEntry);

const focusedEntries = reusedByPosition(pageEntry);

/**
 * The window of entries holding entry `index` (a message's), when past the first: the console
 * scrolls to the message at the cursor, and a keystroke there changes that window, which the
 * page then asked for after each result landed.
 */
export function focusedConsoleWindow(
  entries: readonly ConsoleEntry[],
  index: number,
): { from: number; entries: PageConsoleEntry[] } | undefined {
  const from = index - (index % consoleWindow);
  if (from < consoleWindow || from >= entries.length) return undefined;
  return { from, entries: focusedEntries(entries.slice(from, from + consoleWindow)) };
}

/** The `consoleWindow` entries from `from`, as the page gets them: what a view scrolled past the carried ones asks for. */
export function pageConsoleEntries(entries: readonly ConsoleEntry[], from: number): PageConsoleEntry[] {
  return entries.slice(from, from + consoleWindow).map(pageEntry);
}

const pageMessages = reusedByPosition((message: Message): PageMessage => ({
  role: message.role,
  hidden: message.hidden === true,
  range: message.range,
}));

/** The native payloads as the page gets them: sent ahead of the result too (PipelineOptions.onNative). */
export function pageNative(view: NativeView): PageNative {
  const native: PageNative = {};
  for (const flavour of ['openai', 'anthropic'] as const) {
    const payload = view[flavour];
    if (payload) native[flavour] = shortenPayload(payload);
  }
  return native;
}

function shortenPayload(payload: SerializeResult): PageNativePayload {
  const { sourceOffsets, ...rest } = payload;
  const withGaps = (offsets: readonly number[] | undefined) =>
    offsets ? { sourceGaps: gapsOf(offsets) } : {};
  if (payload.text.length <= payloadLength) return { ...rest, ...withGaps(sourceOffsets) };
  const { text, cut, removed } = shortenJsonStrings(payload.text, payloadStringLength);
  if (cut === 0) return { ...rest, ...withGaps(sourceOffsets) };
  return {
    ...rest,
    text,
    shortened: cut,
    ...withGaps(sourceOffsets?.map((o) => shiftedOffset(o, removed))),
  };
}

/**
 * One message's parts for the page: a text longer than the views page through is cut. The
 * combined multimodal message comes with its JSON text when it is short; a long one comes cut and
 * without it (copying asks for it whole) — its JSON is not even written: a 10 MB message's was
 * ~20 MB a keystroke.
 */
export function shortenMessageView(view: {
  parts?: MessagePartsView;
  multimodal?: CombinedMessage;
}): MessageViewResult {
  let cut = false;
  const shorten = <T extends object>(part: T): T => {
    if (!('text' in part) || typeof part.text !== 'string' || part.text.length <= pageStringLength)
      return part;
    cut = true;
    return { ...part, ...shortened(part.text, pageStringLength) };
  };
  const parts = view.parts && {
    ...view.parts,
    parts: view.parts.parts.map(shorten),
    results: view.parts.results.map(shorten),
  };
  const combined = view.multimodal;
  const long = combined !== undefined && combinedLength(combined) > pageStringLength;
  if (long) cut = true;
  const multimodal =
    combined &&
    (long
      ? {
          ...combined,
          text: '',
          messages: combined.messages.map((m) => ({
            ...m,
            content:
              typeof m.content === 'string'
                ? shortened(m.content, pageStringLength).text
                : m.content.map(shorten),
          })),
        }
      : { ...combined, text: JSON.stringify(combined.messages, null, 2) });
  return {
    ...(parts ? { parts } : {}),
    ...(multimodal ? { multimodal } : {}),
    ...(cut ? { shortened: true } : {}),
  };
}

/** The characters of the combined message's texts and media addresses: what its JSON is made of. */
function combinedLength(combined: CombinedMessage): number {
  let length = 0;
  for (const message of combined.messages)
    if (typeof message.content === 'string') length += message.content.length;
    else
      for (const element of message.content)
        length +=
          element.type === 'text'
            ? element.text.length
            : element.type === 'image_url'
              ? element.image_url.url.length
              : element.audio_url.url.length;
  return length;
}
