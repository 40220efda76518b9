/**
 * The Prompt view pages past the 50,000 tokens a result carries: the worker sends the window asked
 * for, from the conversation it holds for the result shown. What a window must be follows from
 * what the tokens are: pieces that join, in order, to the rendered prompt (templates.test.ts holds
 * the encoders to that), each in the message whose turn it is in.
 */
import { describe, expect, it } from 'vitest';
import { maxPiecesShown } from '../core/views/prompt.ts';
import { createPipelineApi } from './api.ts';

/** A Qwen3 conversation of 400 turns of ~190 words: ~80,000 tokens as its template renders it. */
const words = 'the quick brown fox jumps over a lazy dog while seven wizards quietly hex jovial zebras'.split(
  ' ',
);
const messages = Array.from({ length: 400 }, (_, i) => ({
  role: i % 2 ? 'assistant' : 'user',
  content: Array.from({ length: 190 }, (_, w) => words[(w * 7 + i) % words.length]).join(' '),
}));
const text = JSON.stringify({ model: 'Qwen/Qwen3-8B', messages });
const prompt = { date: '2026-11-25' };

describe('the Prompt view paged through the worker', () => {
  it('sends the tokens past the first 50,000: they continue the prompt where the carried ones stop', async () => {
    const api = createPipelineApi();
    const response = await api.run({ id: 1, text, prompt });
    if (response.status !== 'done') throw new Error(response.status);
    const view = response.result.views.prompt!;
    const carried = view.tokens!;
    expect(carried.total).toBeGreaterThan(maxPiecesShown);
    expect(carried.pieces).toHaveLength(maxPiecesShown);
    expect(carried.truncated).toBe(true);

    const next = await api.promptPieces({ id: 0, text: '', prompt }, maxPiecesShown, 1);
    expect(next?.from).toBe(maxPiecesShown);
    expect(next?.total).toBe(carried.total);
    expect(next?.pieces).toHaveLength(carried.total - maxPiecesShown);
    const all = [...carried.pieces, ...(next?.pieces ?? [])];
    expect(all.map((p) => p.text).join('')).toBe(view.text);

    // A message's own window starts at its first token: message 399's, past the carried ones.
    const owners = [...carried.owners, ...(next?.owners ?? [])];
    const first = owners.indexOf(399);
    expect(first).toBeGreaterThan(maxPiecesShown);
    const own = await api.promptPieces({ id: 0, text: '', prompt }, { message: 399 }, 1);
    expect(own?.from).toBe(first);
    expect(own?.owners[0]).toBe(399);
    // As many of its tokens as the per-message count says.
    const counted = carried.perMessage.find((m) => m.message === 399)?.tokens;
    expect(own?.owners.filter((o) => o === 399)).toHaveLength(counted ?? -1);
  });

  it('answers nothing for a result a newer run replaced (that one is on its way)', async () => {
    const api = createPipelineApi();
    await api.run({ id: 1, text, prompt });
    await api.run({ id: 2, text: text.replace('quick', 'slow'), prompt });
    expect(await api.promptPieces({ id: 0, text: '', prompt }, maxPiecesShown, 1)).toBeUndefined();
  });
});
