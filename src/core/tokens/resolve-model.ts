/** Which model preset a run counts with. */
import { defaultModelId, findModel, standInFor, type ModelPreset } from './models.ts';

/** With no model named, a provider's own format is counted with that provider's current model. */
const formatDefaultModel = new Map<string, string>([
  ['anthropic-messages', 'claude-sonnet-4-5'],
  ['gemini', 'gemini-2.5-flash'],
]);

/**
 * The preset to count with: the user's choice, else the request's own model, else GPT-4o. A
 * name no preset matches is never counted as another model silently: its family's preset
 * stands in, and the report says so (an estimate).
 */
export function resolveModel(
  requested: string | undefined,
  fromRequest: string | undefined,
  format?: string,
): { model: ModelPreset; unknownModel?: string } {
  for (const name of [requested, fromRequest]) {
    if (!name) continue;
    const preset = findModel(name);
    return preset ? { model: preset } : { model: standInFor(name), unknownModel: name };
  }
  const fallback = (format && formatDefaultModel.get(format)) ?? defaultModelId;
  return { model: (findModel(fallback) ?? findModel(defaultModelId)) as ModelPreset };
}
