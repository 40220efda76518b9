import { describe, expect, it } from 'vitest';
import { PipelineAborted } from '../aborted.ts';
import type { Conversation } from '../ir.ts';
import type { TokenCounter } from './encoder.ts';
import { countLongTexts } from './long-texts.ts';

/** 64 KiB: the length from which a text is counted ahead, by pieces a newer input can stop. */
const long = (letter: string) => letter.repeat(64 * 1024);

const conversation: Conversation = {
  messages: [
    { role: 'system', parts: [{ type: 'text', text: 'short' }] },
    {
      role: 'user',
      parts: [
        { type: 'text', text: long('a') },
        { type: 'text', text: long('b').slice(1) },
      ],
    },
    {
      role: 'assistant',
      parts: [
        { type: 'thinking', text: long('c') },
        { type: 'tool-call', id: 'call_1', name: 'read', arguments: undefined, rawArguments: long('d') },
      ],
    },
    {
      role: 'tool',
      parts: [
        { type: 'tool-result', callId: 'call_1', content: long('e') },
        { type: 'tool-result', callId: 'call_1', content: [{ type: 'text', text: long('f') }] },
      ],
    },
  ],
};

function recordingCounter(fail?: Error): TokenCounter & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    encoding: 'o200k_base',
    count: (text) => text.length,
    countAsync: async (text) => {
      asked.push(text);
      if (fail) throw fail;
      return text.length;
    },
  };
}

describe('counting the long texts ahead of the report', () => {
  it('counts every text of 64 KiB or more, in order, and nothing shorter', async () => {
    const counter = recordingCounter();
    await countLongTexts(conversation, counter, undefined);
    // Text, thinking, a call's raw arguments, a result's plain content; nested result parts are
    // counted with their message, and one character under 64 KiB is not long.
    expect(counter.asked.map((text) => [text[0], text.length])).toEqual([
      ['a', 65_536],
      ['c', 65_536],
      ['d', 65_536],
      ['e', 65_536],
    ]);
  });

  it('tells how many characters are left for the report: the shorter texts, nested ones too', async () => {
    // 'short', the text one character under 64 KiB, and the nested result's text.
    expect(await countLongTexts(conversation, recordingCounter(), undefined)).toBe(5 + 65_535 + 65_536);
  });

  it('turns a count stopped by a newer input into a superseded run', async () => {
    const controller = new AbortController();
    controller.abort();
    const counter = recordingCounter(new DOMException('aborted', 'AbortError'));
    await expect(countLongTexts(conversation, counter, controller.signal)).rejects.toBeInstanceOf(
      PipelineAborted,
    );
    expect(counter.asked).toHaveLength(1);
  });

  it('lets any other failure through as it is', async () => {
    const failure = new Error('vocabulary missing');
    await expect(countLongTexts(conversation, recordingCounter(failure), undefined)).rejects.toBe(failure);
  });
});
