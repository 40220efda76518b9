/**
 * Console windows a view may keep: a window's version stays while its entries are the same
 * objects, and the lineage while each result is an edit of the last, read as the same format.
 */
import { describe, expect, it } from 'vitest';
import type { ConsoleEntry } from '../core/views/console.ts';
import { consoleWindowVersions } from './console-windows.ts';
import { consoleWindow } from './page-windows.ts';

const entry = (text: string): ConsoleEntry => ({
  messageIndex: 0,
  role: 'user',
  header: text,
  lines: [],
  hidden: false,
});
const entries = (count: number, label = 'message') =>
  Array.from({ length: count }, (_, i) => entry(`${label} ${i}`));

describe('console window versions', () => {
  it('keeps every window but the edited one, and the lineage, after an edit', () => {
    const versionsOf = consoleWindowVersions();
    const before = entries(1_000);
    const first = versionsOf(before, 'openai-chat', false);
    expect(first.versions).toHaveLength(5);
    expect(new Set(first.versions).size).toBe(5);

    const after = [...before];
    after[700] = entry('message 700, edited');
    const next = versionsOf(after, 'openai-chat', true);
    expect(next.lineage).toBe(first.lineage);
    // Window 3 holds entries 600–799.
    expect(next.versions.filter((v, i) => v === first.versions[i])).toHaveLength(4);
    expect(next.versions[3]).not.toBe(first.versions[3]);
    expect(next.versions[3]).not.toBe(first.lineage);
  });

  it('changes every window from a removed message on, and a shorter last window', () => {
    const versionsOf = consoleWindowVersions();
    const before = entries(1_000);
    const first = versionsOf(before, 'openai-chat', false);
    const after = [...before.slice(0, 450), ...before.slice(451)];
    const next = versionsOf(after, 'openai-chat', true);
    expect(next.versions.slice(0, 2)).toEqual(first.versions.slice(0, 2));
    for (let w = 2; w < 5; w++) expect(next.versions[w]).not.toBe(first.versions[w]);
  });

  it('starts a new lineage, and new versions, for a text sent whole or read as another format', () => {
    const versionsOf = consoleWindowVersions();
    const same = entries(2 * consoleWindow);
    const first = versionsOf(same, 'openai-chat', false);
    const pasted = versionsOf(same, 'openai-chat', false);
    expect(pasted.lineage).not.toBe(first.lineage);
    expect(pasted.versions.some((v) => first.versions.includes(v))).toBe(false);
    const reread = versionsOf(same, 'anthropic-messages', true);
    expect(reread.lineage).not.toBe(pasted.lineage);
    expect(reread.versions.some((v) => pasted.versions.includes(v))).toBe(false);
  });

  it('never gives two trackers the same lineage', () => {
    const first = consoleWindowVersions()(entries(10), 'openai-chat', false);
    const second = consoleWindowVersions()(entries(10), 'openai-chat', false);
    expect(second.lineage).not.toBe(first.lineage);
    expect(second.versions).not.toEqual(first.versions);
  });

  it('gives a conversation of no messages no windows', () => {
    expect(consoleWindowVersions()([], undefined, false).versions).toEqual([]);
  });
});
