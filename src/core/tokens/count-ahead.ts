/**
 * A pasted text's long strings counted as soon as the worker has the text, before its run asks
 * for them: the run starts only once the page has taken the paste in (its compaction, its post,
 * the render that starts the run: 25–35 ms after the paste event for a 1 MB message, traced), and
 * counting one huge message is most of what the run then does. The run finds each count done, or
 * waits for the one under way (counter.ts `countAsync`), instead of counting it again.
 */
import { closingQuote } from '../input/strict-tree.ts';
import { loadTokenCounter } from './encoder.ts';
import { longTextLength } from './long-texts.ts';
import { resolveModel } from './resolve-model.ts';

/**
 * Counts the long string literals of `json` with the encoding its run would use: `requested`
 * (the model the user chose), else the model the text names, else the default. What the run then
 * counts differently (another encoding, a format whose texts are not its literals) it counts itself;
 * nothing here is shown, so a guess that misses costs the worker its time and nothing else.
 */
export async function countAhead(
  json: string,
  requested: string | undefined,
  signal: AbortSignal,
): Promise<void> {
  const { literals, model } = longLiteralsOf(json);
  if (literals.length === 0) return;
  const counter = await loadTokenCounter(resolveModel(requested, model).model.encoding);
  for (const literal of literals) {
    if (signal.aborted) return;
    await counter.countAsync(literal, signal);
  }
}

/**
 * The decoded string literals of `json` at least `longTextLength` long, and the first `"model"`
 * key's string value: found by a scan for quotes, not a parse: a text of many short strings
 * costs the worker a fraction of a parse (10,000 messages: 1.1 ms against 4–9 for `JSON.parse`,
 * in node), and a text that is not JSON costs no more than the scan.
 */
export function longLiteralsOf(json: string): { literals: string[]; model?: string } {
  const literals: string[] = [];
  let model: string | undefined;
  /** Where the value of the `"model"` key just read starts. */
  let modelAt = -1;
  for (let open = json.indexOf('"'); open !== -1;) {
    const close = closingQuote(json, open);
    if (close >= json.length) break;
    const length = close - open - 1;
    if (open === modelAt && length < 200) model = decoded(json, open, close);
    modelAt =
      model === undefined && length === 5 && json.startsWith('model', open + 1)
        ? valueAfterKey(json, close)
        : -1;
    if (length >= longTextLength) {
      const literal = decoded(json, open, close);
      if (literal !== undefined && literal.length >= longTextLength) literals.push(literal);
    }
    open = json.indexOf('"', close + 1);
  }
  return model === undefined ? { literals } : { literals, model };
}

function decoded(json: string, open: number, close: number): string | undefined {
  try {
    const value: unknown = JSON.parse(json.slice(open, close + 1));
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Where the value starts when the literal closing at `close` is a key (a colon follows it), else -1. */
function valueAfterKey(json: string, close: number): number {
  const skip = (from: number) => {
    let at = from;
    while (at < json.length && ' \t\r\n'.includes(json[at] ?? '')) at++;
    return at;
  };
  const colon = skip(close + 1);
  return json.charCodeAt(colon) === 58 ? skip(colon + 1) : -1;
}
