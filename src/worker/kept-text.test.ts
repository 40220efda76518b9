import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createPipelineApi } from './api.ts';
import { get } from 'idb-keyval';
import { autosaveStore, inputKey } from '../storage/stored-input.ts';
import { loadVersions } from '../storage/versions.ts';

const chat = (content: string) =>
  JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content }] }, null, 2);
const record = { pruneLimit: 1, stamp: 's1' };
const savedText = async () => (await get<{ text: string }>(inputKey, autosaveStore()))?.text;

describe("the worker keeps the input's text", () => {
  it('writes the text of the result it sent, named by its id, and refuses an id it no longer holds', async () => {
    const api = createPipelineApi();
    await api.run({ id: 1, text: chat('first') });
    const start = chat('first').indexOf('first') + 'first'.length;
    await api.run({ id: 2, text: '', edit: { base: 1, start, removed: 0, inserted: ' typed' } });
    expect(await api.keepText({ base: 1 }, { autosave: record })).toBe(false);
    expect(await savedText()).toBeUndefined();
    expect(await api.keepText({ base: 2 }, { autosave: record })).toBe(true);
    // The text the edit made, as the page holds it.
    expect(await savedText()).toBe(chat('first typed'));
  });

  it('keeps a text sent to it as a version, one write after the other', async () => {
    const api = createPipelineApi();
    await Promise.all([
      api.keepText({ text: 'one' }, { version: 'Autosave' }),
      api.keepText({ text: 'two' }, { version: 'Pasted' }),
    ]);
    expect((await loadVersions()).map((v) => [v.text, v.label])).toEqual([
      ['two', 'Pasted'],
      ['one', 'Autosave'],
    ]);
  });

  it('rejects what is not a text and a place to keep it', async () => {
    const api = createPipelineApi();
    await expect(api.keepText({ base: 'x' } as never, { version: 'A' })).rejects.toThrow();
    await expect(api.keepText({ text: 'a' }, { nowhere: true } as never)).rejects.toThrow();
  });
});
