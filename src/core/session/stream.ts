/**
 * A session file read as a stream of text chunks, line by line, without ever holding the
 * whole text: each line is parsed alone (JSON.parse), handed to the format's reader and
 * dropped, so memory grows with what the session holds (its messages), not with the file.
 * Offsets are UTF-16 offsets into the text the file decodes to, as everywhere in the core, and
 * the line starts are kept so any finding gets its line and column.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { sessionReader, sessionScore, type SessionFormat, type SessionLineReader } from './read.ts';
import type { SessionRead } from './session.ts';

export interface StreamedSession {
  read?: SessionRead;
  format?: SessionFormat;
  /** Where each line starts (UTF-16 offsets), for line and column of any finding. */
  lineStarts: number[];
  /** UTF-16 code units read. */
  chars: number;
  /** Set when the file is not a session: what it looked like. */
  refused?: string;
}

export interface StreamOptions {
  signal?: AbortSignal;
  /** Called after each chunk with the lines read so far. */
  onChunk?: (lines: number) => void;
}

/** How many lines decide the format before the rest is read. */
const sniffLines = 50;
const maxLineFindings = 50;
/** How long reading runs between chances for a cancel or a newer request to come in. */
const yieldEveryMs = 40;

export class StreamCancelled extends Error {
  override readonly name = 'StreamCancelled';
}

export async function readSessionStream(
  chunks: AsyncIterable<string>,
  { signal, onChunk }: StreamOptions = {},
): Promise<StreamedSession> {
  const lineStarts: number[] = [0];
  const findings: Diagnostic[] = [];
  let reader: SessionLineReader | undefined;
  let format: SessionFormat | undefined;
  const sniffed: Array<{ value: unknown; start: number; end: number }> = [];
  let carry = '';
  let carryStart = 0;
  let chars = 0;
  let brokenLines = 0;

  const choose = (): boolean => {
    const values = sniffed.map((s) => s.value);
    const scores = (['claude-code-session', 'codex-rollout'] as const).map(
      (f) => [f, sessionScore(f, values)] as const,
    );
    const [best, score] = scores.sort((a, b) => b[1] - a[1])[0]!;
    if (score === 0) return false;
    format = best;
    reader = sessionReader(best);
    for (const s of sniffed) reader.add(s.value, { start: s.start, end: s.end });
    sniffed.length = 0;
    return true;
  };

  const line = (text: string, start: number, last: boolean): boolean => {
    if (text.trim() === '') return true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      brokenLines++;
      if (findings.length < maxLineFindings)
        findings.push(
          last
            ? diagnostic(
                'input/jsonl-cut',
                'warning',
                'The last line is cut off (the file was copied while it was being written?): it was skipped; the lines before it were read.',
                { start, end: start + text.length },
              )
            : diagnostic(
                'input/jsonl-line',
                'error',
                `This line is not JSON (${(error as Error).message}); it was skipped, the lines around it were read.`,
                { start, end: start + text.length },
              ),
        );
      return true;
    }
    const range = { start, end: start + text.length };
    if (reader) reader.add(value, range);
    else {
      sniffed.push({ value, ...range });
      if (sniffed.length >= sniffLines && !choose()) return false;
    }
    return true;
  };

  let since = performance.now();
  for await (const chunk of chunks) {
    if (signal?.aborted) throw new StreamCancelled('the file was closed before it was read');
    const text = carry + chunk;
    let at = 0;
    let lineStart = carryStart;
    for (let newline = text.indexOf('\n'); newline !== -1; newline = text.indexOf('\n', at)) {
      const end = newline > at && text.charCodeAt(newline - 1) === 13 ? newline - 1 : newline;
      if (!line(text.slice(at, end), lineStart, false))
        return { lineStarts, chars, format, refused: describe(sniffed.map((s) => s.value)) };
      lineStart += newline + 1 - at;
      at = newline + 1;
      lineStarts.push(lineStart);
    }
    carry = text.slice(at);
    carryStart = lineStart;
    chars += chunk.length;
    onChunk?.(lineStarts.length - 1);
    // Let a cancel (or a newer request) in between chunks, every few dozen milliseconds: after
    // every 64 kB chunk, the 4 ms nested timers wait added ~7 s to reading 114 MB.
    if (performance.now() - since > yieldEveryMs) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      since = performance.now();
    }
  }
  if (carry.trim() !== '') line(carry, carryStart, true);
  if (!reader && !choose()) return { lineStarts, chars, refused: describe(sniffed.map((s) => s.value)) };
  const read = (reader as SessionLineReader).finish();
  read.diagnostics.unshift(...findings);
  if (brokenLines > maxLineFindings)
    read.diagnostics.push(
      diagnostic('input/jsonl-line', 'error', `${brokenLines} lines in all were not JSON and were skipped.`, {
        start: 0,
        end: 0,
      }),
    );
  return { read, format, lineStarts, chars };
}

function describe(values: readonly unknown[]): string {
  if (values.length === 0) return 'no JSON lines were found';
  const first = values[0];
  const keys =
    typeof first === 'object' && first !== null && !Array.isArray(first)
      ? Object.keys(first).slice(0, 6).join(', ')
      : typeof first;
  return `JSON lines, but not a Claude Code transcript or a Codex rollout (the first has ${keys})`;
}
