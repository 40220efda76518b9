import 'fake-indexeddb/auto';
import { createStore, set, type UseStore } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { expose } from 'comlink';
import { createPipelineApi, type PipelineResponse } from '../worker/api.ts';
import type { PageNative, PipelineRequest } from '../worker/protocol.ts';
import fc from 'fast-check';
import { get } from 'idb-keyval';
import { editText, editTypedText } from '../core/input/text-edit.ts';
import { inputChanged, loadSavedInput, saveInput } from './autosave.ts';
import { initialInputState, useInputStore } from './input-store.ts';
import { createWorkerClient, WorkerCrashed } from './pipeline-client.ts';
import type { Keeping, KeptText } from '../worker/kept-text.ts';
import { loadVersions } from '../storage/versions.ts';
import { initialUiState, useUiStore } from './ui-store.ts';

let databases = 0;
const freshStore = () => createStore(`test-${++databases}`, 'autosave');

describe('autosave', () => {
  it('round-trips the input', async () => {
    const store = freshStore();
    await saveInput({ ...initialInputState, text: '[1]', formatOverride: 'openai-chat' }, store);
    expect(await loadSavedInput(store)).toEqual({
      text: '[1]',
      formatOverride: 'openai-chat',
      pruneLimit: 8000,
      record: 0,
      prompt: initialInputState.prompt,
    });
  });

  it('ignores stored state of the wrong shape', async () => {
    const store = freshStore();
    await set('input:v1', { text: 42 }, store);
    expect(await loadSavedInput(store)).toBeUndefined();
  });

  it('saves a large text typed into as its edit since the last whole save, and brings it back whole', async () => {
    const store = freshStore();
    const base = `[${'"x",'.repeat(500)}"y"]`;
    const large = { wholeBelow: 1000 };
    await saveInput({ ...initialInputState, text: base }, store, large);
    let text = base;
    for (const [at, inserted] of [
      [10, 'a'],
      [11, 'b'],
      [12, 'c'],
    ] as const) {
      const next = editTypedText(text, { start: at, removed: 0, inserted });
      inputChanged(text, next, store);
      text = next;
    }
    await saveInput({ ...initialInputState, text, modelId: 'gpt-4o' }, store, large);
    expect((await get<{ text: string }>('input:v1', store))?.text).toBe(base);
    expect(await loadSavedInput(store)).toMatchObject({ text, modelId: 'gpt-4o' });
  });

  it('brings back the text of the last save after any typing, pastes and saves', async () => {
    const step = fc.oneof(
      fc.record({
        at: fc.double({ min: 0, max: 1, noNaN: true }),
        removed: fc.integer({ min: 0, max: 3 }),
        inserted: fc.string({ maxLength: 4 }),
        typed: fc.boolean(),
      }),
      fc.record({ pasted: fc.string({ maxLength: 12 }) }),
      // A change the autosave is not told of: it never saves an edit of a text it did not follow.
      fc.record({ untold: fc.string({ minLength: 1, maxLength: 3 }) }),
      fc.constant('save' as const),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 20 }),
        fc.array(step, { maxLength: 14 }),
        async (start, steps) => {
          const store = freshStore();
          let text = start;
          let saved = start;
          await saveInput({ ...initialInputState, text }, store, { wholeBelow: 0 });
          for (const s of steps) {
            if (s === 'save') {
              await saveInput({ ...initialInputState, text }, store, { wholeBelow: 0 });
              saved = text;
              continue;
            }
            if ('untold' in s) {
              text = s.untold + text;
              continue;
            }
            const next =
              'pasted' in s
                ? s.pasted + text
                : (s.typed ? editTypedText : editText)(text, {
                    start: Math.floor(s.at * text.length),
                    removed: Math.min(s.removed, text.length - Math.floor(s.at * text.length)),
                    inserted: s.inserted,
                  });
            inputChanged(text, next, store);
            text = next;
          }
          expect((await loadSavedInput(store))?.text).toBe(saved);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('ignores an edit saved for another whole text', async () => {
    const store = freshStore();
    await set('input:v1', { text: 'abc', pruneLimit: 8000, stamp: 'one' }, store);
    await set(
      'input:v1:edit',
      { pruneLimit: 8000, stamp: 'two', edit: { start: 0, removed: 1, inserted: 'X' } },
      store,
    );
    expect((await loadSavedInput(store))?.text).toBe('abc');
    await set(
      'input:v1:edit',
      { pruneLimit: 8000, stamp: 'one', edit: { start: 0, removed: 1, inserted: 'X' } },
      store,
    );
    expect((await loadSavedInput(store))?.text).toBe('Xbc');
  });

  it('has a large text written whole where the caller says, and every write land in the order asked', async () => {
    const store = freshStore();
    const large = `[${'"x",'.repeat(80_000)}"y"]`;
    const written: Array<{ text: string; stamp: string }> = [];
    let finish = () => undefined as void;
    // The write elsewhere (the worker's) ends only when told to: the edit saved after it waits.
    const writeWhole = (text: string, record: { stamp: string }) =>
      new Promise<void>((resolve) => {
        written.push({ text, stamp: record.stamp });
        finish = () => void set('input:v1', { ...initialInputState, ...record, text }, store).then(resolve);
      });
    const first = saveInput({ ...initialInputState, text: large }, store, { writeWhole });
    const typed = editTypedText(large, { start: 1, removed: 0, inserted: 'Z' });
    inputChanged(large, typed, store);
    const second = saveInput({ ...initialInputState, text: typed }, store, { wholeBelow: 1000, writeWhole });
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]?.text).toBe(large);
    expect(await get('input:v1:edit', store)).toBeUndefined();
    finish();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    // The edit, saved after the whole text, is there: the whole write did not wipe it.
    expect((await loadSavedInput(store))?.text).toBe(typed);
    // A short text is written here, whatever the caller gives.
    await saveInput({ ...initialInputState, text: '[1]' }, store, { writeWhole });
    expect(written).toHaveLength(1);
    expect((await loadSavedInput(store))?.text).toBe('[1]');
  });

  it('reports a full or missing storage instead of throwing', async () => {
    const failing: UseStore = () => Promise.reject(new DOMException('full', 'QuotaExceededError'));
    expect(await saveInput(initialInputState, failing)).toBe(false);
    expect(await loadSavedInput(failing)).toBeUndefined();
  });
});

describe('stores', () => {
  it('input actions are events on the state, and reset restores it', () => {
    const store = useInputStore.getState();
    store.textEdited('abc');
    store.formatOverridden('forge-messages');
    store.sampleOpened('[]');
    expect(useInputStore.getState()).toMatchObject({
      text: '[]',
      formatOverride: undefined,
      revision: 2,
      restored: true,
    });
    useInputStore.getState().reset();
    expect(useInputStore.getState()).toMatchObject(initialInputState);
  });

  it('ui: a repeated reveal of the same range still counts, maximize toggles', () => {
    const ui = useUiStore.getState();
    ui.sourceRequested({ start: 1, end: 2 });
    ui.sourceRequested({ start: 1, end: 2 });
    expect(useUiStore.getState().reveal?.nonce).toBe(2);
    ui.viewMaximizeToggled('tokens');
    expect(useUiStore.getState().maximized).toBe('tokens');
    useUiStore.getState().viewMaximizeToggled('tokens');
    expect(useUiStore.getState().maximized).toBeUndefined();
    useUiStore.getState().reset();
    expect(useUiStore.getState().reveal).toEqual(initialUiState.reveal);
  });
});

/** A Worker stand-in speaking comlink's wire protocol just enough: it answers, or dies. */
class FakeWorker extends EventTarget {
  static created = 0;
  terminated = false;
  constructor(private readonly behaviour: 'answer' | 'crash') {
    super();
    FakeWorker.created++;
  }
  postMessage(message: { id: string; type: string }) {
    setTimeout(() => {
      if (this.behaviour === 'crash') {
        this.dispatchEvent(Object.assign(new Event('error'), { message: 'out of memory' }));
        return;
      }
      const value: PipelineResponse = { status: 'superseded', id: 1 };
      this.dispatchEvent(new MessageEvent('message', { data: { id: message.id, type: 'RAW', value } }));
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
  start() {}
}

describe('worker client', () => {
  /** A client whose worker is `api`, exposed on a port of its own; `close` when done. */
  const clientOf = (api: object) => {
    const { port1, port2 } = new MessageChannel();
    expose(api, port1);
    const client = createWorkerClient(() => Object.assign(port2, { terminate() {} }) as unknown as Worker);
    return {
      client,
      close() {
        port1.close();
        port2.close();
      },
    };
  };

  it('replaces a crashed worker and runs the next request on the new one', async () => {
    const behaviours: Array<'answer' | 'crash'> = ['crash', 'answer'];
    const workers: FakeWorker[] = [];
    const client = createWorkerClient(() => {
      const worker = new FakeWorker(behaviours.shift() ?? 'answer');
      workers.push(worker);
      return worker as unknown as Worker;
    });
    await expect(client.run({ id: 1, text: '[]' })).rejects.toBeInstanceOf(WorkerCrashed);
    expect(workers[0]?.terminated).toBe(true);
    expect(client.restarts()).toBe(1);
    await expect(client.run({ id: 2, text: '[]' })).resolves.toEqual({ status: 'superseded', id: 1 });
    expect(workers).toHaveLength(2);
  });

  it('asks for the payload ahead for a text sent whole, not for a keystroke sent as an edit', async () => {
    const { client, close } = clientOf(createPipelineApi());
    const ahead: Array<string | undefined> = [];
    const onNative = (native: PageNative) => ahead.push(native.openai?.text);
    // Enough short messages before the last that the payload is worth sending ahead (pipeline.ts).
    const turns = (word: string) =>
      Array.from({ length: 300 }, (_, i) => ({ role: 'user', content: `${word} ${i} `.repeat(60) }));
    const chat = (content: string, earlier = turns('turn')) =>
      JSON.stringify({ model: 'gpt-4o', messages: [...earlier, { role: 'user', content }] }, null, 2);
    const lastOf = (payload: string | undefined) => JSON.parse(payload ?? '{}').messages.at(-1).content;
    const run = async (id: number, text: string) => {
      const response = await client.run({ id, text, native: 'openai' }, undefined, onNative);
      if (response.status !== 'done') throw new Error(`not done: ${response.status}`);
      return lastOf(response.result.views.native.openai?.text);
    };
    try {
      expect(await run(1, chat('hello there'))).toBe('hello there');
      // The payload comes on a port of its own: it may arrive after the result.
      await vi.waitFor(() => expect(ahead).toHaveLength(1));
      expect(lastOf(ahead[0])).toBe('hello there');
      expect(await run(2, chat('hello there!'))).toBe('hello there!');
      // Most of the text replaced (a paste over it) goes whole.
      const pasted = 'a new conversation pasted over the old one. '.repeat(8);
      expect(await run(3, chat(pasted, turns('reply')))).toBe(pasted);
      await vi.waitFor(() => expect(ahead).toHaveLength(2));
      expect(lastOf(ahead[1])).toBe(pasted);
    } finally {
      close();
    }
  });

  it('has the worker keep a text it holds by naming its result, and sends any other', async () => {
    const api = createPipelineApi();
    const asked: unknown[] = [];
    const { client, close } = clientOf({
      ...api,
      keepText: (kept: KeptText, keeping: Keeping) => (asked.push(kept), api.keepText(kept, keeping)),
    });
    const text = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'kept' }] });
    try {
      await client.run({ id: 1, text });
      await client.keepText(text, { version: 'Autosave' });
      await client.keepText('[]', { version: 'Before a sample' });
      expect(asked).toEqual([{ base: 1 }, { text: '[]' }]);
      expect((await loadVersions()).map((v) => v.text)).toEqual(['[]', text]);
    } finally {
      close();
    }
  });

  it('names a text sent ahead instead of posting it again, and sends it when the worker lost it', async () => {
    const api = createPipelineApi();
    const runs: PipelineRequest[] = [];
    let taken = 0;
    const { client, close } = clientOf({
      ...api,
      run: (request: PipelineRequest, onNative?: never) => (runs.push(request), api.run(request, onNative)),
      takeText: (id: number, text: string) => (taken++, api.takeText(id, text)),
    });
    // Long enough that each text differs from the last in most of it, as a paste over it does.
    const chat = (content: string) =>
      JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: `${content} `.repeat(40) }] });
    const contentOf = async (id: number, text: string) => {
      const response = await client.run({ id, text, native: 'openai' });
      if (response.status !== 'done') throw new Error(`not done: ${response.status}`);
      return JSON.parse(response.result.views.native.openai?.text ?? '{}').messages[0].content.trim();
    };
    const said = (content: string) => `${content} `.repeat(40).trim();
    try {
      const pasted = chat('pasted whole');
      client.sendAhead(pasted);
      expect(await contentOf(1, pasted)).toBe(said('pasted whole'));
      expect(taken).toBe(1);
      expect(runs.map((r) => [r.text, r.ahead])).toEqual([['', 1]]);
      // The worker took it with that run: the same text asked again is posted, not named.
      expect(await contentOf(2, pasted)).toBe(said('pasted whole'));
      expect(runs[1]?.ahead).toBeUndefined();
      // A text sent ahead that the next run is not for is let go on both sides.
      client.sendAhead(chat('never run'));
      expect(await contentOf(3, chat('typed instead'))).toBe(said('typed instead'));
      expect(runs[2]?.ahead).toBeUndefined();
      // Named, but the worker no longer holds it (another run took it first): it is sent.
      const other = chat('another paste');
      client.sendAhead(other);
      await vi.waitFor(() => expect(taken).toBe(3));
      await api.run({ id: 4, text: '[]' });
      expect(await contentOf(5, other)).toBe(said('another paste'));
      const [named, ...again] = runs.slice(3);
      expect([named?.text, named?.ahead]).toEqual(['', 3]);
      expect(again.length).toBeGreaterThan(0);
      expect(again.every((r) => r.text === other && r.ahead === undefined)).toBe(true);
    } finally {
      close();
    }
  });

  it('names the input by its run when comparing it, and sends it when the worker holds another', async () => {
    const api = createPipelineApi();
    const sides: PipelineRequest[][] = [];
    const { client, close } = clientOf({
      ...api,
      compare: (left: PipelineRequest, right: PipelineRequest) => (
        sides.push([left, right]),
        api.compare(left, right)
      ),
    });
    const chat = (...contents: string[]) =>
      JSON.stringify({ model: 'gpt-4o', messages: contents.map((content) => ({ role: 'user', content })) });
    const input = chat('hello', 'how are you?');
    const other = chat('hello', 'how do you do?', 'fine');
    try {
      await client.run({ id: 1, text: input });
      const diff = await client.compare({ id: 0, text: other }, { id: 1, text: input });
      expect(sides[0]?.map((side) => [side.text === '', side.textOfRun])).toEqual([
        [false, undefined],
        [true, 1],
      ]);
      expect(diff.rows.map((row) => row.status)).toEqual(['same', 'changed', 'removed']);
      // The worker's last result is another run's (a run the page has not taken yet): asked again with the text.
      await api.run({ id: 2, text: other });
      expect(await client.compare({ id: 0, text: other }, { id: 1, text: input })).toEqual(diff);
      expect(sides.slice(1).map((pair) => pair[1]?.text === input)).toEqual([false, true]);
    } finally {
      close();
    }
  });

  it('tells the worker when the page gives up on a request', async () => {
    const posted: string[] = [];
    const client = createWorkerClient(() => {
      const worker = new FakeWorker('answer');
      const original = worker.postMessage.bind(worker);
      worker.postMessage = vi.fn((message: { id: string; type: string; path?: string[] }) => {
        posted.push(`${message.type}:${(message.path ?? []).join('.')}`);
        original(message);
      }) as never;
      return worker as unknown as Worker;
    });
    const controller = new AbortController();
    const run = client.run({ id: 7, text: '[]' }, controller.signal);
    controller.abort();
    await run;
    expect(posted).toEqual(['APPLY:run', 'APPLY:cancel']);
  });
});
