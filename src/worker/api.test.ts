import { describe, expect, it } from 'vitest';
import { createPipelineApi } from './api.ts';
import { resetTokenCounters } from '../core/tokens/encoder.ts';
import { applyDelta } from './result-delta.ts';
import { shiftedResult } from './result-shift.ts';
import type { PageNative, PageResult } from './protocol.ts';

const text = '[{"role": "user", "content": "hi"}]';

/**
 * ~160,000 characters of short messages: enough left to count after the long texts that the
 * payloads go ahead of the result (pipeline.ts, `nativeAheadFrom`: 128 KiB).
 */
const filler = Array.from({ length: 300 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: `turn ${i} `.repeat(60),
}));
const withFiller = JSON.stringify([...filler, { role: 'user', content: 'hi' }]);

describe('pipeline worker api', () => {
  it('runs the pipeline', async () => {
    const response = await createPipelineApi().run({ id: 1, text });
    expect(response.status).toBe('done');
    if (response.status === 'done') expect(response.result.detected.format).toBe('openai-chat');
  });

  it('lets the newest request win', async () => {
    const api = createPipelineApi();
    const older = api.run({ id: 1, text });
    const newer = api.run({ id: 2, text });
    expect((await older).status).toBe('superseded');
    expect((await newer).status).toBe('done');
    expect((await api.run({ id: 1, text })).status).toBe('superseded');
  });

  it('stops a cancelled request', async () => {
    const api = createPipelineApi();
    const run = api.run({ id: 5, text });
    api.cancel(5);
    expect((await run).status).toBe('superseded');
  });

  it('gives a run whose long text was counted ahead the count of a run without', async () => {
    const long = 'Counted ahead — naïve café, "quoted". '.repeat(2000);
    const pasted = JSON.stringify({ model: 'gpt-4.1', messages: [{ role: 'user', content: long }] });
    const plain = await createPipelineApi().run({ id: 1, text: pasted });
    // Nothing of that count kept: the count ahead does it all again.
    resetTokenCounters();
    const api = createPipelineApi();
    // A newer paste's count ahead stops the older one's; the run counts what it must itself.
    api.countAhead(pasted.replace('ahead', 'at first'));
    api.countAhead(pasted);
    const ahead = await api.run({ id: 1, text: pasted });
    if (plain.status !== 'done' || ahead.status !== 'done') throw new Error('both runs finish');
    expect(ahead.result.tokens.total).toBe(plain.result.tokens.total);
    expect(ahead.result.tokens.total).toBeGreaterThan(long.length / 8);
  });

  it('refuses a malformed request at the boundary', async () => {
    await expect(createPipelineApi().run({ id: -1, text } as never)).rejects.toThrow();
  });

  it('sends what changed since the last result, which rebuilds the whole result', async () => {
    const api = createPipelineApi();
    const messages = Array.from({ length: 200 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `turn ${i} `.repeat(30),
    }));
    const before = JSON.stringify({ model: 'gpt-4o', messages }, null, 2);
    const after = before.replace('turn 190 ', 'turn one hundred ninety ');
    const first = await api.run({ id: 1, text: before, delta: true });
    expect(first.status).toBe('done');
    const second = await api.run({ id: 2, text: after, delta: true });
    expect(second.status).toBe('delta');
    const whole = await createPipelineApi().run({ id: 2, text: after });
    if (first.status !== 'done' || second.status !== 'delta' || whole.status !== 'done') return;
    expect(second.base).toBe(1);
    expect(second.shift).toEqual({ at: before.indexOf('turn 190 ') + 'turn 190 '.length - 1, by: 15 });
    const rebuilt = applyDelta(
      shiftedResult(structuredClone(first.result), second.shift),
      structuredClone(second.delta),
    );
    expect(comparable(rebuilt as typeof whole.result)).toEqual(comparable(whole.result));
    // One message changed and the ten after it moved, which the shift predicts: a small part of the result.
    expect(JSON.stringify(second.delta).length).toBeLessThan(JSON.stringify(whole.result).length / 20);
  });

  it('sends a text mostly replaced (a paste over it) whole, not as what changed', async () => {
    const api = createPipelineApi();
    const chat = (word: string) =>
      JSON.stringify({
        model: 'gpt-4o',
        messages: Array.from({ length: 50 }, (_, i) => ({
          role: 'user',
          content: `${word} ${i} `.repeat(20),
        })),
      });
    expect((await api.run({ id: 1, text: chat('before'), delta: true })).status).toBe('done');
    const pasted = await api.run({ id: 2, text: chat('pasted'), delta: true });
    expect(pasted.status).toBe('done');
    // Against the pasted one, a word changed is still sent as what changed.
    const typed = await api.run({
      id: 3,
      text: chat('pasted').replace('pasted 7 ', 'pasted 7! '),
      delta: true,
    });
    expect(typed.status).toBe('delta');
    if (typed.status === 'delta') expect(typed.base).toBe(2);
  });

  it('sends a keystroke in one of 2,000 messages as a few hundred characters', async () => {
    const api = createPipelineApi();
    const messages = Array.from({ length: 2_000 }, (_, i) => ({
      role: i % 2 ? 'assistant' : 'user',
      content: `turn ${i} `.repeat(12),
    }));
    const text = JSON.stringify({ model: 'gpt-4o', messages }, null, 2);
    // Long enough that an edit keeps what it did not touch (prepare-edit.ts), as the page asks.
    expect(text.length).toBeGreaterThan(200_000);
    expect((await api.run({ id: 1, text, delta: true, native: 'openai' })).status).toBe('done');
    const start = text.indexOf('turn 1000 ') + 'turn 1000'.length;
    const typed = await api.run({
      id: 2,
      text: '',
      delta: true,
      native: 'openai',
      edit: { base: 1, start, removed: 0, inserted: '!' },
    });
    if (typed.status !== 'delta') throw new Error(typed.status);
    // What changed: the message's count, the totals, the payload's text and one message start
    // in it, the timings — not the 1,000 starts after the edit in the payload (~14 kB).
    expect(JSON.stringify(typed.delta).length).toBeLessThan(1_500);
  });

  it('takes a keystroke as the stretch it changed in the text of the last result, and asks for the text when it has not that one', async () => {
    const api = createPipelineApi();
    const before = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hello there' }] });
    const after = before.replace('hello', 'hello, you');
    expect((await api.run({ id: 1, text: before })).status).toBe('done');
    const start = before.indexOf('hello') + 'hello'.length;
    const edited = await api.run({
      id: 2,
      text: '',
      edit: { base: 1, start, removed: 0, inserted: ', you' },
    });
    const whole = await createPipelineApi().run({ id: 2, text: after });
    if (edited.status !== 'done' || whole.status !== 'done') throw new Error(`not done: ${edited.status}`);
    expect(comparable(edited.result)).toEqual(comparable(whole.result));
    expect(await api.run({ id: 3, text: '', edit: { base: 1, start, removed: 0, inserted: '!' } })).toEqual({
      status: 'resend',
      id: 3,
    });
  });

  it('sends the native payload ahead of the result, as the result carries it', async () => {
    const chat = JSON.stringify({
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'Be brief.' }, ...filler, { role: 'user', content: 'hi' }],
    });
    const ahead: PageNative[] = [];
    const response = await createPipelineApi().run({ id: 1, text: chat, native: 'anthropic' }, (native) =>
      ahead.push(native),
    );
    if (response.status !== 'done') throw new Error(`not done: ${response.status}`);
    expect(ahead).toEqual([response.result.views.native]);
    // Anthropic's Messages API takes the system prompt beside the messages, never as a role in them.
    const payload = JSON.parse(ahead[0]?.anthropic?.text ?? '{}');
    expect(JSON.stringify(payload.system)).toContain('Be brief.');
    expect(payload.messages.map((m: { role: string }) => m.role)).not.toContain('system');
    expect(payload.messages).toHaveLength(301);
    expect(ahead[0]?.openai).toBeUndefined();
  });

  it('keeps the payload for the result when little is left to count after a long message', async () => {
    const chat = JSON.stringify([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'a long paste. '.repeat(10_000) },
    ]);
    const ahead: PageNative[] = [];
    const response = await createPipelineApi().run({ id: 1, text: chat, native: 'openai' }, (native) =>
      ahead.push(native),
    );
    expect(response.status).toBe('done');
    expect(ahead).toEqual([]);
  });

  it('stops a run cancelled when its payload arrives, and runs on when the payload cannot be sent', async () => {
    const api = createPipelineApi();
    const text = withFiller;
    expect((await api.run({ id: 1, text }, () => api.cancel(1))).status).toBe('superseded');
    const failing = () => {
      throw new Error('the page closed its port');
    };
    expect((await api.run({ id: 2, text }, failing)).status).toBe('done');
    expect((await api.run({ id: 3, text }, () => Promise.reject(new Error('gone')))).status).toBe('done');
  });

  it('carries the view of the message at the focus, else of the one the view shows first', async () => {
    const api = createPipelineApi();
    const three = JSON.stringify([
      { role: 'user', content: 'first question' },
      { role: 'assistant', content: 'an answer' },
      { role: 'user', content: 'second question' },
    ]);
    const focused = await api.run({ id: 1, text: three, focus: three.indexOf('an answer') + 3 });
    if (focused.status !== 'done') throw new Error(focused.status);
    const carried = focused.result.views.multimodal.carried;
    expect(carried?.index).toBe(1);
    expect(carried?.view.parts?.parts).toMatchObject([{ kind: 'text', text: 'an answer' }]);
    // Asked for afterwards, the same view: what the page would otherwise fetch.
    expect(carried?.view).toEqual(await api.messageView({ id: 1, text: '' }, 1, false, 1));

    const unfocused = await api.run({ id: 2, text: three });
    if (unfocused.status !== 'done') throw new Error(unfocused.status);
    // The view shows the last user message first.
    const { carried: first } = unfocused.result.views.multimodal;
    expect(first?.index).toBe(2);
    expect(first?.view.parts?.parts).toMatchObject([{ kind: 'text', text: 'second question' }]);
  });

  it('carries the console window holding the message at the focus, past the first window', async () => {
    const api = createPipelineApi();
    const messages = Array.from({ length: 450 }, (_, i) => ({ role: 'user', content: `message ${i}.` }));
    const many = JSON.stringify(messages);
    const at = (i: number) => many.indexOf(`message ${i}.`);
    const deep = await api.run({ id: 1, text: many, focus: at(321) });
    if (deep.status !== 'done') throw new Error(deep.status);
    const { focused, entries } = deep.result.views.console;
    expect(entries).toHaveLength(200);
    expect(focused?.from).toBe(200);
    expect(focused?.entries.map((entry) => entry.messageIndex)).toEqual(
      Array.from({ length: 200 }, (_, i) => 200 + i),
    );
    // As the view would have asked for it.
    expect(focused?.entries).toEqual(await api.consoleEntries({ id: 1, text: '' }, 200, 1));

    const early = await api.run({ id: 2, text: many, focus: at(12) });
    if (early.status !== 'done') throw new Error(early.status);
    expect(early.result.views.console.focused).toBeUndefined();
  });

  it('gives a message for the page with its combined JSON when short, cut and without it when long', async () => {
    const api = createPipelineApi();
    const ask = (content: string, whole = false) =>
      api.messageView({ id: 1, text: JSON.stringify([{ role: 'user', content }]) }, 0, whole);
    const short = await ask('hello');
    expect(short.shortened).toBeUndefined();
    expect(JSON.parse(short.multimodal?.text ?? '')).toEqual([{ role: 'user', content: 'hello' }]);
    const long = 'é'.repeat(250_000);
    const cut = await ask(long);
    expect(cut.shortened).toBe(true);
    expect(cut.multimodal?.text).toBe('');
    expect(cut.multimodal?.messages[0]?.content).toBe('é'.repeat(200_000));
    const whole = await ask(long, true);
    expect(whole.shortened).toBeUndefined();
    expect(JSON.parse(whole.multimodal?.text ?? '')[0].content === long).toBe(true);
  });
});

/**
 * A result as another worker would send it for the same text: without its timings, and without
 * its console windows' lineage and versions, which number the results one worker sent.
 */
function comparable(result: PageResult) {
  const { lineage: _lineage, versions: _versions, ...console } = result.views.console;
  return { ...result, timings: undefined, views: { ...result.views, console } };
}
