/** A request's cost in one line, as the token view and the CLI say it. */
import type { CostReport } from '../tokens/cost.ts';
import { countText } from './count-text.ts';

export const dollars = (n: number) => `$${n < 0.01 ? n.toFixed(5) : n < 1 ? n.toFixed(4) : n.toFixed(2)}`;

export function costText(cost: CostReport): string {
  const when = `list prices as of ${cost.prices.asOf}`;
  if (cost.basis === 'recorded') {
    const parts = [
      `input ${dollars(cost.input)}`,
      cost.cacheWrite ? `cache write ${dollars(cost.cacheWrite)}` : '',
      cost.cacheRead ? `cache read ${dollars(cost.cacheRead)}` : '',
      `output ${dollars(cost.output)}`,
    ].filter(Boolean);
    return `Cost ${dollars(cost.total)} from the recorded usage (${parts.join(' + ')}), ${when}`;
  }
  const limit = cost.outputFrom === 'request' ? "the request's max_tokens" : "the model's maximum";
  return `Cost: prompt ${dollars(cost.input)} at $${cost.prices.input}/M; a reply of up to ${countText(cost.outputTokens)} tokens (${limit}) adds at most ${dollars(cost.output)}; ${when}`;
}
