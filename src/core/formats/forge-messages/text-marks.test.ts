import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkWhole } from '../../input/chunked-text.ts';
import { hasThinkingLine, marksWork, textMarks } from './text-marks.ts';

/** What Forge's detection asked of a whole text before it was read by chunks. */
const toolIn = (text: string) => text.includes('<tool>');
const thinkingIn = (text: string) => /^\[[^\]\n]+\]$/m.test(text);

/** Texts made of the pieces the two marks are made of, so that they come often and cut anywhere. */
const markText = fc
  .array(
    fc.constantFrom(
      '[',
      ']',
      '\n',
      '\r',
      '\u2028',
      '<tool>',
      '<too',
      'l>',
      'thinking',
      'x',
      ' ',
      '👩',
      '[a]',
    ),
    {
      maxLength: 40,
    },
  )
  .map((pieces) => pieces.join(''));

describe("Forge's text marks, read by chunks", () => {
  it('are what the regexes find in the whole text, wherever the text is cut', () => {
    fc.assert(
      fc.property(markText, fc.integer({ min: 1, max: 9 }), (text, chunk) => {
        const { result } = chunkWhole(text, marksWork, { chunk, from: 0 });
        expect(result.tool.found).toBe(toolIn(text));
        expect(hasThinkingLine(result)).toBe(thinkingIn(text));
      }),
      { numRuns: 5_000 },
    );
  });

  it('are found in the documented shapes: a [thinking] line among others, a <tool> call', () => {
    const marks = textMarks('Let me look.\n[thinking]\n<tool>{"name":"read"}</tool>');
    expect(marks.tool.found).toBe(true);
    expect(hasThinkingLine(marks)).toBe(true);
    expect(hasThinkingLine(textMarks('[not] a line'))).toBe(false);
    expect(hasThinkingLine(textMarks('[]'))).toBe(false);
  });

  it('of a long text edited are those of the edited text read whole', () => {
    const long = `${'word '.repeat(60_000)}\n[thinking]\n${'more '.repeat(60_000)}`;
    expect(hasThinkingLine(textMarks(long))).toBe(true);
    const at = long.indexOf('[thinking]') + 3;
    const edited = `${long.slice(0, at)}]${long.slice(at)}`;
    expect(hasThinkingLine(textMarks(edited))).toBe(thinkingIn(edited));
    expect(textMarks(`${edited}<tool>`).tool.found).toBe(true);
  });
});
