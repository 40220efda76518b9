import { describe, expect, it } from 'vitest';
import { sentAsEdit } from './pipeline-client.ts';

const before = '[{"role": "user", "content": "hello"}, {"role": "user", "content": "again"}]';
const request = (text: string) => ({ id: 2, text, pruneLimit: 0.8, focus: 3 });

describe('a request sent against the result the page holds', () => {
  it('goes as the stretch a keystroke changed, focused where the cursor then stands', () => {
    const typed = before.replace('hello', 'hello!');
    const at = before.indexOf('hello') + 'hello'.length;
    expect(sentAsEdit({ id: 1, text: before }, request(typed))).toEqual({
      ...request(''),
      delta: true,
      edit: { base: 1, start: at, removed: 0, inserted: '!' },
      focus: at + 1,
    });
  });

  it('goes whole when most of it is new, focused at the end of what was pasted', () => {
    const pasted = '[{"role": "assistant", "content": "a new conversation"}] ';
    const sent = sentAsEdit({ id: 1, text: before }, request(pasted));
    expect(sent.text).toBe(pasted);
    expect(sent.edit).toBeUndefined();
    // `before` ends in "]", the paste in a space: the change runs to the paste's end.
    expect(sent.focus).toBe(pasted.length);
  });

  it('keeps the page’s cursor when the text did not change (another model, a record)', () => {
    expect(sentAsEdit({ id: 1, text: before }, request(before)).focus).toBe(3);
    expect(sentAsEdit(undefined, request(before))).toEqual(request(before));
  });
});
