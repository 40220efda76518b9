import 'fake-indexeddb/auto';
import { createStore } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { loadVersions, maxVersions, rememberVersion } from './versions.ts';

let n = 0;
const fresh = () => createStore(`versions-test-${++n}`, 'versions');

describe('version history', () => {
  it('keeps new texts newest first, skipping repeats and empty text', async () => {
    const db = fresh();
    await rememberVersion('one', 'Autosave', db);
    await rememberVersion('one', 'Autosave', db);
    await rememberVersion('   ', 'New', db);
    const versions = await rememberVersion('two', 'Before a sample', db);
    expect(versions.map((v) => [v.id, v.text, v.label])).toEqual([
      [2, 'two', 'Before a sample'],
      [1, 'one', 'Autosave'],
    ]);
    expect(await loadVersions(db)).toEqual(versions);
  });

  it(`keeps at most ${maxVersions}`, async () => {
    const db = fresh();
    for (let i = 0; i < maxVersions + 5; i++) await rememberVersion(`text ${i}`, 'Autosave', db);
    const versions = await loadVersions(db);
    expect(versions).toHaveLength(maxVersions);
    expect(versions[0]?.text).toBe(`text ${maxVersions + 4}`);
  });
});
