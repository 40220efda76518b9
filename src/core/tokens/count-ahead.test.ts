import { afterEach, describe, expect, it, vi } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countAhead, longLiteralsOf } from './count-ahead.ts';
import * as encoder from './encoder.ts';

vi.mock('./encoder.ts', { spy: true });

/** Over 64 KiB, with every kind of escape JSON writes: quotes, line breaks, tabs, \u escapes. */
const long = Array.from(
  { length: 1400 },
  (_, i) => `Line ${i}: "quoted" \\ back\tslash\nnaïve café 🧑‍💻 ${'\u0007'} `,
).join('');

describe('the long string literals of a pasted text', () => {
  it('reads each long literal as JSON decodes it, and the model the text names', () => {
    const json = JSON.stringify(
      {
        model: 'gpt-4o',
        messages: [
          { role: 'user', content: long },
          { role: 'assistant', content: 'ok' },
        ],
      },
      null,
      2,
    );
    expect(long.length).toBeGreaterThan(64 * 1024);
    expect(longLiteralsOf(json)).toEqual({ literals: [long], model: 'gpt-4o' });
  });

  it('finds the model key wherever it stands, minified, and never a value that merely reads "model"', () => {
    const json = JSON.stringify({
      messages: [{ role: 'user', content: 'model' }, { content: long }],
      model: 'gpt-4',
    });
    expect(longLiteralsOf(json)).toEqual({ literals: [long], model: 'gpt-4' });
  });

  it('takes no model from a key whose value is not a string', () => {
    const json = JSON.stringify({ model: null, note: 'gpt-4', messages: [{ content: long }] });
    expect(longLiteralsOf(json)).toEqual({ literals: [long] });
  });

  it('leaves out short literals and a long one the text cuts off', () => {
    const json = JSON.stringify({ messages: [{ content: 'short' }, { content: long }] });
    expect(longLiteralsOf(json.slice(0, json.length - 100))).toEqual({ literals: [] });
  });

  it('reads text that is not JSON without throwing', () => {
    expect(longLiteralsOf(`not json "${'x'.repeat(70_000)}\\u12"`)).toEqual({ literals: [] });
    expect(longLiteralsOf('')).toEqual({ literals: [] });
  });
});

describe('counting a pasted text ahead of its run', () => {
  afterEach(() => vi.mocked(encoder.loadTokenCounter).mockClear());
  const request = (model?: string) =>
    JSON.stringify({ ...(model ? { model } : {}), messages: [{ role: 'user', content: long }] });

  it.each([
    ['the model the user chose', 'gpt-4o', 'gpt-4', 'o200k_base'],
    ['the model the text names', undefined, 'gpt-4', 'cl100k_base'],
    ['the default model', undefined, undefined, 'o200k_base'],
  ])('counts with the encoding of %s, as the run would', async (_, chosen, named, encoding) => {
    await countAhead(request(named), chosen, new AbortController().signal);
    expect(vi.mocked(encoder.loadTokenCounter).mock.calls).toEqual([[encoding]]);
  });

  it('leaves the count the run then asks for exact', async () => {
    await countAhead(request('gpt-4o'), undefined, new AbortController().signal);
    const counter = await encoder.loadTokenCounter('o200k_base');
    expect(await counter.countAsync((' ' + long).slice(1))).toBe(o200k(long));
  });

  it('loads no vocabulary for a text without a long literal', async () => {
    await countAhead(
      '{"messages": [{"role": "user", "content": "hi"}]}',
      undefined,
      new AbortController().signal,
    );
    expect(encoder.loadTokenCounter).not.toHaveBeenCalled();
  });

  it('counts nothing once stopped', async () => {
    const stopped = new AbortController();
    stopped.abort();
    await countAhead(request(), undefined, stopped.signal);
    const counter = await encoder.loadTokenCounter('o200k_base');
    const count = vi.spyOn(counter, 'countAsync');
    await countAhead(request(), undefined, stopped.signal);
    expect(count).not.toHaveBeenCalled();
  });
});
