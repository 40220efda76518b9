import { describe, expect, it } from 'vitest';
import type { MessageTokens, TokenReport } from '../../core/tokens/count.ts';
import { budgetSlices, messageSegments, messageTooltip } from './token-bars.ts';

const message: MessageTokens = {
  index: 2,
  role: 'assistant',
  total: 60,
  overhead: 4,
  parts: [
    { type: 'thinking', tokens: 10, exact: false, note: "providers may drop earlier turns' thinking" },
    { type: 'text', tokens: 20, exact: true },
    { type: 'tool-call', tokens: 16, exact: false, note: 'name and arguments plus 3 framing tokens' },
    { type: 'text', tokens: 10, exact: true },
  ],
  exact: false,
  forgeEstimate: 71,
  hidden: false,
};

describe('token bars', () => {
  it('stacks a message by part type in a fixed order, overhead last', () => {
    expect(messageSegments(message)).toEqual([
      { kind: 'text', tokens: 30 },
      { kind: 'thinking', tokens: 10 },
      { kind: 'tool-call', tokens: 16 },
      { kind: 'overhead', tokens: 4 },
    ]);
  });

  it('says exact or estimate and what estimates rest on; the Forge figure only when asked', () => {
    expect(messageTooltip(message).split('\n')).not.toContain('Forge estimate (len/4 + overheads): 71');
    expect(messageTooltip(message, true).split('\n')).toEqual([
      'Message 3 (assistant): 60 tokens, estimate',
      'text 30 · thinking 10 · tool-call 16 · overhead 4',
      'Forge estimate (len/4 + overheads): 71',
      "thinking: providers may drop earlier turns' thinking",
      'tool-call: name and arguments plus 3 framing tokens',
    ]);
  });

  const report = (breakdown: TokenReport['breakdown'], contextWindow = 1000, maxOutput = 300) =>
    ({
      breakdown,
      contextWindow,
      maxOutput,
      reservedOutput: maxOutput,
      reservedOutputFrom: 'model',
    }) as TokenReport;

  it('splits the window into system, tools, messages, reserved output and free', () => {
    const { slices, overflow } = budgetSlices(
      report({ system: 100, tools: 50, messages: 200, replyPriming: 3 }),
    );
    expect(slices.map((s) => [s.label, s.tokens])).toEqual([
      ['System', 100],
      ['Tool definitions', 50],
      ['Messages', 203],
      ['Reserved output (model maximum)', 300],
      ['Free', 347],
    ]);
    expect(overflow).toBe(0);
  });

  it('shrinks the reserve, then reports the overflow, when the prompt does not fit', () => {
    const tight = budgetSlices(report({ system: 0, tools: 0, messages: 900, replyPriming: 0 }));
    expect(tight.slices.find((s) => s.label.startsWith('Reserved output'))?.tokens).toBe(100);
    const over = budgetSlices(report({ system: 400, tools: 0, messages: 900, replyPriming: 3 }));
    expect(over.overflow).toBe(303);
    expect(over.slices.every((s) => s.tokens >= 0)).toBe(true);
  });

  it("reserves the request's own max_tokens rather than the model's maximum", () => {
    const limited = {
      ...report({ system: 0, tools: 0, messages: 100, replyPriming: 0 }),
      reservedOutput: 50,
    };
    const { slices } = budgetSlices({ ...limited, reservedOutputFrom: 'request' });
    expect(slices.find((s) => s.label.startsWith('Reserved output'))).toMatchObject({
      label: "Reserved output (the request's limit)",
      tokens: 50,
    });
  });
});
