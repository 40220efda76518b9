/** The prompt cache as the provider reads it: each breakpoint, in order, and whether it is long enough to be cached. */
import type { TokenReport } from '../../core/tokens/count.ts';
import { countText } from '../../core/views/count-text.ts';

const n = countText;

export function CacheSummary({ report, roles }: { report: TokenReport; roles: readonly string[] }) {
  const { points, automatic } = report.cache;
  const prices = report.cost?.prices;
  if (points.length === 0 && automatic === undefined) return null;
  return (
    <div data-testid="token-cache" className="text-xs">
      {points.length > 0 ? (
        <>
          <p>
            <span className="font-semibold">Prompt cache</span>, in the order it is read (tools, then system,
            then messages):
          </p>
          <ol className="ml-4 list-decimal">
            {points.map((point, i) => (
              <li key={i}>
                after{' '}
                {point.after === 'tools'
                  ? 'the tool definitions'
                  : `message ${point.after + 1} (${roles[point.after] ?? 'message'})`}
                : ≈ {n(point.tokens)} tokens —{' '}
                {point.cacheable
                  ? 'cached, and read from the cache by the next request with the same prefix'
                  : `too short: ${report.modelLabel} caches prefixes of ${n(report.cache.minimum ?? 0)} tokens or more`}
              </li>
            ))}
          </ol>
          {prices ? (
            <p className="text-slate-600 dark:text-slate-400">
              A cache read costs ${prices.cacheRead}/M instead of ${prices.input}/M
              {prices.cacheWrite5m
                ? `; writing it costs $${prices.cacheWrite5m}/M (5 minutes) or $${prices.cacheWrite1h}/M (1 hour)`
                : ''}
              .
            </p>
          ) : null}
        </>
      ) : null}
      {automatic !== undefined ? (
        <p>
          <span className="font-semibold">Automatic caching</span>: OpenAI caches prompts of 1,024 tokens or
          more, in 128-token steps — a repeat of this prompt would read ≈ {n(automatic)} tokens from the cache
          {prices ? `, at $${prices.cacheRead}/M instead of $${prices.input}/M` : ''}.
        </p>
      ) : null}
    </div>
  );
}
