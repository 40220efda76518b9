/**
 * The pipeline's prompt stage: an open-weight model's conversation rendered by its own chat
 * template (or the template the user chose, for any model), tokenized with the template's
 * vocabulary, loaded on demand. Skipped for a model with no template when none was chosen.
 */
import type { Conversation } from '../ir.ts';
import type { ModelPreset } from '../tokens/models.ts';
import { loadPieceEncoder } from '../tokens/pieces.ts';
import { buildPromptView, type PiecesFrom, type PromptView } from '../views/prompt.ts';
import type { PromptOptions } from './options.ts';
import { findTemplate } from './registry.ts';

export async function promptViewFor(
  conversation: Conversation,
  model: ModelPreset,
  options: { prompt?: PromptOptions; today?: string },
  piecesFrom?: PiecesFrom,
): Promise<PromptView | undefined> {
  const chosen = options.prompt?.template;
  const fallback = model.chatTemplate ?? (chosen && chosen !== 'custom' ? chosen : undefined);
  if (!fallback && chosen !== 'custom') return undefined;
  const templateId =
    chosen === 'custom' ? (model.chatTemplate ?? 'custom') : (chosen ?? fallback ?? 'custom');
  // A pasted template is counted with the model's vocabulary, and only when the model has one.
  const encoding =
    chosen === 'custom' && !model.chatTemplate ? undefined : findTemplate(templateId)?.encoding;
  const encode = encoding ? await loadPieceEncoder(encoding) : undefined;
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  return buildPromptView(conversation, options.prompt ?? {}, templateId, today, encode, piecesFrom);
}
