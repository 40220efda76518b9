/**
 * The "Prompt" view: what an open-weight model receives — the conversation rendered by its chat
 * template — and that string as the model's tokenizer reads it: every token with its id, the
 * special tokens marked, and the count per message and in total, exact.
 */
import type { Conversation } from '../ir.ts';
import { renderPrompt, type PromptOptions, type TemplateFinding } from '../templates/render.ts';
import type { TemplateSwitch } from '../templates/registry.ts';
import type { TemplateInput } from '../templates/messages.ts';
import type { PieceEncoder, TokenPiece } from '../tokens/pieces.ts';
import { maxPiecesShown, type PiecesFrom } from './prompt-limits.ts';

export { maxPiecesShown, type PiecesFrom } from './prompt-limits.ts';

export interface PromptTokens {
  encoding: string;
  total: number;
  /** Tokens each conversation message adds: those of the template's text up to the end of its content. */
  perMessage: Array<{ message: number; tokens: number }>;
  /** After the last message's content: its closing tokens and the generation prompt. */
  closing: number;
  pieces: TokenPiece[];
  /** For each piece, the conversation message whose turn it is in; -1 for the closing. */
  owners: number[];
  /** True when `pieces` stops before the end (`total` does not). */
  truncated: boolean;
  /** Index of the first piece carried, when not the first (the worker pages through a long prompt). */
  from?: number;
}

export interface PromptView {
  templateId: string;
  templateLabel: string;
  /** Where the template text comes from. */
  source: string;
  date: string;
  usesDate: boolean;
  switches: readonly TemplateSwitch[];
  addGenerationPrompt: boolean;
  text?: string;
  findings: TemplateFinding[];
  tokens?: PromptTokens;
  /** Why there are no tokens (no vocabulary bundled for this template). */
  noTokens?: string;
  input: TemplateInput;
  systemFolded?: string;
}

export function buildPromptView(
  conversation: Conversation,
  options: PromptOptions,
  fallbackTemplate: string,
  today: string,
  encode: PieceEncoder | undefined,
  piecesFrom: PiecesFrom = 0,
): PromptView {
  const rendered = renderPrompt(conversation, options, fallbackTemplate, today);
  const view: PromptView = {
    templateId: rendered.templateId,
    templateLabel: rendered.info.label,
    source: rendered.info.source,
    date: rendered.date,
    usesDate: rendered.info.usesDate,
    switches: rendered.info.switches,
    addGenerationPrompt: options.addGenerationPrompt ?? true,
    findings: rendered.findings,
    input: rendered.input,
    ...(rendered.info.systemFolded ? { systemFolded: rendered.info.systemFolded } : {}),
  };
  if (rendered.text === undefined) return view;
  view.text = rendered.text;
  if (!encode || !rendered.info.encoding) {
    view.noTokens = `No vocabulary for ${rendered.info.label} is bundled: the string is shown, not counted.`;
    return view;
  }
  const pieces = encode(rendered.text);
  const { owners, ...counts } = attribute(rendered.text, pieces, rendered.input);
  const from =
    typeof piecesFrom === 'number'
      ? Math.max(0, Math.min(piecesFrom, pieces.length - 1))
      : Math.max(0, owners.indexOf(piecesFrom.message));
  const end = Math.min(pieces.length, from + maxPiecesShown);
  const whole = from === 0 && end === pieces.length;
  view.tokens = {
    encoding: rendered.info.encoding,
    total: pieces.length,
    ...counts,
    pieces: whole ? pieces : pieces.slice(from, end),
    owners: whole ? owners : owners.slice(from, end),
    truncated: end < pieces.length,
    ...(from > 0 ? { from } : {}),
  };
  return view;
}

/**
 * Each message's tokens. Its content (or, for a turn that only calls tools, the first call's
 * name) is found in the rendered text in order; its turn runs to the first special token after
 * that content (the template's end-of-turn token), so what the template writes around a content —
 * a header before it, tool definitions after a system prompt — counts with that message. What
 * follows the last turn is the closing: the generation prompt.
 */
function attribute(
  text: string,
  pieces: readonly TokenPiece[],
  input: TemplateInput,
): Pick<PromptTokens, 'perMessage' | 'closing' | 'owners'> {
  const turns: Array<{ message: number; start: number; end: number }> = [];
  let cursor = 0;
  input.messages.forEach((m, i) => {
    const found = locate(text, (m.content ?? '').trim() || (m.tool_calls?.[0]?.function.name ?? ''), cursor);
    if (!found) return;
    const { content, at } = found;
    const tail = content.slice(-200);
    const tailAt = text.indexOf(tail, Math.max(at, at + content.length - tail.length - 64));
    cursor = tailAt === -1 ? at + Math.min(content.length, 200) : tailAt + tail.length;
    turns.push({ message: input.sources[i] ?? 0, start: at, end: cursor });
  });
  const counts = new Map<number, number>();
  const owners: number[] = [];
  let closing = 0;
  let offset = 0;
  let turn = 0;
  let closed = false;
  for (const piece of pieces) {
    // On to the next turn once this one has closed, or once the next one's content has begun.
    // The line break a template writes after its end-of-turn token ("<|im_end|>\n") is that turn's.
    const trailing = closed && !piece.special && piece.text.trim() === '' && piece.text.includes('\n');
    while (turn < turns.length && !trailing) {
      const next = turns[turn + 1];
      if (!closed && !(next && offset >= next.start)) break;
      turn++;
      closed = false;
    }
    const owner = turns[turn];
    owners.push(owner ? owner.message : -1);
    if (owner) {
      counts.set(owner.message, (counts.get(owner.message) ?? 0) + 1);
      if (piece.special && offset >= owner.end) closed = true;
    } else closing++;
    offset += piece.text.length;
  }
  return { perMessage: [...counts].map(([message, tokens]) => ({ message, tokens })), closing, owners };
}

/**
 * Where a content stands in the rendered text from `from`: as written, or JSON-escaped (a template
 * may `tojson` a string, as Llama 3's does with tool output).
 */
export function locate(text: string, content: string, from = 0): { content: string; at: number } | undefined {
  if (!content) return undefined;
  for (const form of [content, JSON.stringify(content).slice(1, -1)]) {
    const at = text.indexOf(form.slice(0, 200), from);
    if (at !== -1) return { content: form, at };
  }
  return undefined;
}
