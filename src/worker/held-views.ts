/**
 * What a view asks the worker about the result it shows, answered from that result's
 * conversation (api.ts holds it): one message part by part, a window of the Prompt view's tokens.
 */
import { z } from 'zod';
import type { Conversation } from '../core/ir.ts';
import { promptViewFor } from '../core/templates/prompt-stage.ts';
import { resolveModel } from '../core/tokens/resolve-model.ts';
import { renderMessageParts } from '../core/views/message-parts.ts';
import { combinedMessage, renderMultimodal } from '../core/views/multimodal.ts';
import { shortenMessageView } from './page-result.ts';
import {
  optionsOf,
  piecesFromSchema,
  type MessageViewResult,
  type PipelineRequest,
  type PromptWindow,
} from './protocol.ts';

/** The message at `index` part by part, with its tool results; for a user message also Tzurot's combined form. */
export function messageViewOf(conversation: Conversation, index: number, whole: boolean): MessageViewResult {
  const parts = renderMessageParts(conversation, z.number().int().nonnegative().parse(index));
  if (whole) {
    const multimodal = parts?.role === 'user' ? renderMultimodal(conversation, index) : undefined;
    return { ...(parts ? { parts } : {}), ...(multimodal ? { multimodal } : {}) };
  }
  const combined = parts?.role === 'user' ? combinedMessage(conversation, index) : undefined;
  return shortenMessageView({
    ...(parts ? { parts } : {}),
    ...(combined ? { multimodal: combined } : {}),
  });
}

/**
 * The Prompt view's tokens from `at` (the result carries the first 50,000), rendered and
 * tokenized again with the model and options the run used. Every piece of a long prompt is not
 * kept for a page that may never ask: a 10 MB prompt is millions of them, an object each.
 */
export async function promptWindowOf(
  held: { conversation: Conversation; format?: string },
  request: PipelineRequest,
  at: unknown,
): Promise<PromptWindow | undefined> {
  const { model } = resolveModel(request.model, held.conversation.model, held.format);
  const view = await promptViewFor(held.conversation, model, optionsOf(request), piecesFromSchema.parse(at));
  const tokens = view?.tokens;
  if (!tokens) return undefined;
  return { from: tokens.from ?? 0, pieces: tokens.pieces, owners: tokens.owners, total: tokens.total };
}
