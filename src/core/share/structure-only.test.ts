/**
 * "Structure only" sharing (issue "daily use"): keys, roles, types, ids and numbers stay; every
 * other string becomes a filler of the same token count. The counter here counts words, so the
 * expected fillers can be written by hand.
 */
import { describe, expect, it } from 'vitest';
import { structureOnly } from './structure-only.ts';

const words = (text: string) => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);
const shape = (text: string) => structureOnly(text, words);

describe('JSON input', () => {
  it('keeps the value under every structural key and fills every other string', () => {
    const keys = [
      'role',
      'type',
      'name',
      'model',
      'id',
      'tool_call_id',
      'tool_use_id',
      'call_id',
      'message_id',
      'thread_id',
      'media_type',
      'status',
      'format',
      'detail',
      'timestamp',
      'created_at',
      'tool_name',
      'server_name',
      'stop_reason',
      'finish_reason',
    ];
    const record = Object.fromEntries(keys.map((key) => [key, `kept ${key}`]));
    const shaped = JSON.parse(
      shape(JSON.stringify({ ...record, content: 'three secret words', n: 7, ok: true, none: null })),
    );
    expect(shaped).toEqual({ ...record, content: 'x x x', n: 7, ok: true, none: null });
  });

  it('an empty string stays empty; arrays and nesting keep their shape', () => {
    const shaped = JSON.parse(shape(JSON.stringify({ messages: [{ role: 'user', content: ['a b', ''] }] })));
    expect(shaped).toEqual({ messages: [{ role: 'user', content: ['x x', ''] }] });
  });

  it('JSON inside a string is shaped too, and written back as compact JSON', () => {
    const row = { type: 'user', content: JSON.stringify({ role: 'user', content: 'tell nobody this' }) };
    const shaped = JSON.parse(shape(JSON.stringify(row)));
    expect(shaped.type).toBe('user');
    expect(JSON.parse(shaped.content)).toEqual({ role: 'user', content: 'x x x' });
    expect(shaped.content).toBe('{"role":"user","content":"x x x"}');
  });

  it('a string that only looks like JSON is filled', () => {
    expect(JSON.parse(shape(JSON.stringify({ content: '{ not json at all' })))).toEqual({
      content: 'x x x x x',
    });
    expect(JSON.parse(shape(JSON.stringify({ content: '  [1, 2]' })))).toEqual({ content: '[1,2]' });
  });

  it('is pretty-printed with two spaces', () => {
    expect(shape('{"role":"user"}')).toBe('{\n  "role": "user"\n}');
  });

  it('JSON Lines stay one record per line', () => {
    const text = '{"role": "user", "content": "hello there"}\n{"role": "assistant", "content": "hi"}\n';
    expect(shape(text)).toBe('{"role":"user","content":"x x"}\n{"role":"assistant","content":"x"}');
  });
});

describe('text input (and JSON that does not parse)', () => {
  it('keeps speaker labels and marker lines, fills what was said', () => {
    const text = [
      '### RECENT CONVERSATION ###',
      'Alice: where is my order',
      'Bot:fine thanks',
      '<tool>',
      '```json',
      'no speaker on this line',
      '',
    ].join('\n');
    expect(shape(text)).toBe(
      ['### RECENT CONVERSATION ###', 'Alice: x x x x', 'Bot:x x', '<tool>', '```json', 'x x x x x', ''].join(
        '\n',
      ),
    );
  });

  it('a label longer than 40 characters is not a speaker', () => {
    const long = `${'a'.repeat(41)}: two words`;
    expect(shape(long)).toBe('x x x');
  });

  it('broken JSON is shaped line by line: what looks like a label stays, the text does not', () => {
    expect(shape('{"role": "user", "content": "secret')).toBe('{"role": x x x');
  });
});
