/**
 * A payload inside the text around it, as logs and terminals print it: a `curl … -d '…'` command
 * (LiteLLM's "POST Request Sent" dump, copied shell history) and a log line's prefix
 * (`DEBUG:openai._base_client:Request options: {…}`). Everything but the payload is blanked to
 * spaces, so offsets stay those of the pasted text.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { readRelaxedJson } from './relaxed-json.ts';

const blank = (text: string) => text.replace(/[^\r\n]/g, ' ');

export function blankAroundPayload(text: string, diagnostics: Diagnostic[]): string {
  const first = /\S/.exec(text);
  if (!first || text[first.index] === '{' || text[first.index] === '[') return text;

  const curl = /(?:^|\s)curl\s/.exec(text) && /\s(?:-d|--data|--data-raw|--data-binary)\s+'/.exec(text);
  if (curl) {
    const start = curl.index + curl[0].length;
    const end = text.lastIndexOf("'");
    if (end > start && readsAsValue(text.slice(start, end))) {
      diagnostics.push(
        diagnostic(
          'input/curl',
          'info',
          'A curl command: its -d body was read; the rest of the command was ignored.',
          {
            start: curl.index + 1,
            end: start,
          },
        ),
      );
      return blank(text.slice(0, start)) + text.slice(start, end) + blank(text.slice(end));
    }
  }

  // One line of log prefix ("LEVEL:logger:message: {…}"), then a payload that runs to the end.
  const lineEnd = text.indexOf('\n', first.index);
  const line = text.slice(first.index, lineEnd === -1 ? text.length : lineEnd);
  const brace = /[{[]/.exec(line);
  if (!brace || brace.index === 0 || brace.index > 300) return text;
  const prefix = line.slice(0, brace.index);
  if (!/[:=>|\]]\s*$/.test(prefix)) return text;
  const start = first.index + brace.index;
  if (!readsAsValue(text.slice(start))) return text;
  diagnostics.push(
    diagnostic(
      'input/log-prefix',
      'info',
      `A log prefix before the payload was ignored: "${prefix.trim().slice(0, 80)}".`,
      {
        start: first.index,
        end: start,
      },
    ),
  );
  return blank(text.slice(0, start)) + text.slice(start);
}

/** A complete value: JSON, or what the relaxed reader takes (a Python repr, a JavaScript literal). */
function readsAsValue(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return readRelaxedJson(text).root !== undefined;
  }
}
