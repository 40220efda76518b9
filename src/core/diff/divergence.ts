/**
 * Where two versions of a prompt first differ, to the token: the message, the part, the
 * character, and how many tokens of the prompt come before it. What a prompt cache can serve
 * ends there (rounded down to the provider's own steps and breakpoints, in compare.ts).
 */
import type { Conversation, Part } from '../ir.ts';
import { toolResultText } from '../formats/shared/flatten.ts';
import type { TokenReport } from '../tokens/count.ts';
import { loadTokenCounter, type TokenCounter } from '../tokens/encoder.ts';
import { scaledCounter } from '../tokens/estimate.ts';
import type { EncodingName } from '../tokens/model-preset.ts';
import { findModel } from '../tokens/models.ts';
import type { DiffRow } from './compare.ts';
import { countText } from '../views/count-text.ts';

export interface Divergence {
  /** The message (0-based, in the second version) where the prompts first differ; absent when the tool definitions do. */
  message?: number;
  /** The part of that message, when the message is in both versions. */
  part?: number;
  /** The character of that part's text where the versions first differ. */
  offset: number;
  /** Tokens of the second version's prompt before the first token that differs. */
  token: number;
  /** False where the count before it is an estimate (a model without a public tokenizer, a tool call's framing). */
  exact: boolean;
  /** A few characters before the difference, and each version's text from it. */
  context: { before: string; left: string; right: string };
  /** In words, for the diff view and the CLI. */
  text: string;
}

/** The counter the second version was counted with, so the token index agrees with its report. */
export async function counterOf(report: TokenReport): Promise<TokenCounter> {
  const base = await loadTokenCounter(report.encoding as EncodingName);
  const scale = findModel(report.model)?.scale;
  return scale && !report.unknownModel ? scaledCounter(base, scale.factor) : base;
}

const snippet = 32;

export function firstDivergence(
  left: Conversation,
  right: Conversation,
  rows: readonly DiffRow[],
  breakRow: number | undefined,
  prefixTokens: number,
  report: TokenReport,
  counter: TokenCounter,
): Divergence | undefined {
  if (breakRow === undefined) return undefined;
  const row = rows[breakRow];
  if (!row) return undefined;
  const toolsDiffer =
    breakRow === 0 && JSON.stringify(left.tools ?? []) !== JSON.stringify(right.tools ?? []);
  if (
    toolsDiffer ||
    row.status !== 'changed' ||
    row.leftIndex === undefined ||
    row.rightIndex === undefined
  ) {
    const message = toolsDiffer ? undefined : row.rightIndex;
    const where = toolsDiffer
      ? 'the tool definitions'
      : row.status === 'inserted'
        ? `message ${(row.rightIndex ?? 0) + 1}, inserted`
        : `where message ${(row.leftIndex ?? 0) + 1} was removed`;
    return {
      ...(message !== undefined ? { message } : {}),
      offset: 0,
      token: toolsDiffer ? 0 : prefixTokens,
      exact: report.exact,
      context: { before: '', left: '', right: '' },
      text: `The prompts first differ at token ${countText(prefixTokens)}: ${where}.`,
    };
  }
  const lm = left.messages[row.leftIndex];
  const rm = right.messages[row.rightIndex];
  const counted = report.messages[row.rightIndex];
  if (!lm || !rm || !counted) return undefined;
  const part = row.changedParts?.[0] ?? Math.min(lm.parts.length, rm.parts.length);
  const a = textOfPart(lm.parts[part]);
  const b = textOfPart(rm.parts[part]);
  let offset = 0;
  while (offset < a.length && offset < b.length && a.charCodeAt(offset) === b.charCodeAt(offset)) offset++;
  // Count only what is surely tokenized alike: up to the start of the word the difference is in.
  const cut = wordStart(b, offset);
  const before =
    prefixTokens +
    counted.overhead +
    counted.parts.slice(0, part).reduce((sum, p) => sum + p.tokens, 0) +
    counter.count(b.slice(0, cut));
  const partsBeforeExact = counted.parts.slice(0, part).every((p) => p.exact);
  return {
    message: row.rightIndex,
    part,
    offset,
    token: before,
    exact: report.exact && partsBeforeExact,
    context: {
      before: b.slice(Math.max(0, offset - snippet), offset),
      left: a.slice(offset, offset + snippet),
      right: b.slice(offset, offset + snippet),
    },
    text: `The prompts first differ at token ${countText(before)}${report.exact && partsBeforeExact ? '' : ' (estimate)'}: message ${row.rightIndex + 1}, part ${part + 1}, character ${offset + 1}.`,
  };
}

/** The text a part puts in the prompt, where it has one; media compare by their JSON. */
function textOfPart(part: Part | undefined): string {
  if (!part) return '';
  switch (part.type) {
    case 'text':
    case 'thinking':
      return part.text;
    case 'tool-call':
      return `${part.name}${part.rawArguments}`;
    case 'tool-result':
      return toolResultText(part);
    default:
      return JSON.stringify(part, (key, value: unknown) =>
        key === 'range' || key === 'callIdRange' ? undefined : value,
      );
  }
}

/**
 * The start of the word `offset` falls in: tokenizers with a pre-tokenizer (OpenAI's encodings,
 * Llama 3, Qwen, DeepSeek) never merge across the space before a word, so the tokens before it
 * are the same in both versions.
 */
function wordStart(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0 && !/\s/.test(text.charAt(i - 1))) i--;
  // The space before a word is the start of the word's own token.
  return i > 0 && text.charAt(i - 1) === ' ' ? i - 1 : i;
}
