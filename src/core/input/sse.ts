/**
 * Server-sent event streams as they are pasted from a terminal or a network tab: `event:` and
 * `data:` lines (the WHATWG EventSource format that OpenAI, Anthropic and Gemini stream in).
 * The framing is blanked to spaces, leaving one JSON value per line at its own offsets, so the
 * stream reads as JSON Lines and every finding points into what was pasted.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';

export interface SseFraming {
  cleaned: string;
  /** Data lines holding JSON: one event each. */
  events: number;
  /** `data: [DONE]`, OpenAI's end-of-stream marker, was seen. */
  done: boolean;
}

const fieldLine = /^(event|data|id|retry):/;

/** Whether the text is an event stream: its first non-blank line is an `event:` or `data:` field. */
export function looksLikeSse(text: string): boolean {
  const first = /^\s*([^\r\n]*)/.exec(text)?.[1] ?? '';
  return /^(event|data):/.test(first);
}

export function blankSseFraming(text: string, diagnostics: Diagnostic[]): SseFraming {
  let cleaned = '';
  let events = 0;
  let done = false;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    cleaned += blankLine(line) + (newline === -1 ? '' : '\n');
    if (newline === -1) break;
    lineStart = newline + 1;
  }

  function blankLine(line: string): string {
    if (line.startsWith('data:')) {
      const prefix = line.startsWith('data: ') ? 6 : 5;
      const payload = line.slice(prefix).trim();
      if (payload === '[DONE]') {
        done = true;
        return spaces(line);
      }
      if (payload !== '') events++;
      return ' '.repeat(prefix) + line.slice(prefix);
    }
    // Event names, ids, retry hints and `:` comments frame the data; the JSON says what each event is.
    if (fieldLine.test(line) || line.startsWith(':')) return spaces(line);
    return line;
  }

  diagnostics.push(
    diagnostic(
      'input/sse',
      'info',
      `Read as a server-sent event stream: ${events} data event${events === 1 ? '' : 's'}${done ? ', ended by [DONE]' : ''}.`,
      { start: 0, end: Math.min(text.length, text.search(/\r?\n|$/)) },
    ),
  );
  return { cleaned, events, done };
}

const spaces = (line: string) => line.replace(/[^\r]/g, ' ');
