/** `session FILE [--json]`: an agent session, request by request (issue 10's CLI contract). */
import { summarize } from '../core/summary.ts';
import type { CommandContext, CommandOutput } from './commands.ts';

const dollars = (n: number | null) => (n === null ? 'n/a' : `$${n.toFixed(n < 1 ? 4 : 2)}`);

export function sessionCommand({ result, json }: CommandContext): CommandOutput {
  const session = result.session;
  if (!session)
    return {
      stdout: '',
      stderr: `session: this input is not an agent session (read as ${result.detected.format ?? 'nothing'}); Claude Code transcripts and Codex rollouts are`,
      exitCode: 2,
    };
  const { toolCalls, toolResults } = summarize([result.conversation]);
  const cost = {
    total: session.cost.total,
    currency: 'USD',
    prices: session.cost.prices.map(({ model, preset, prices }) => ({
      model,
      preset,
      asOf: prices.asOf,
      source: prices.source,
    })),
    unpriced: session.cost.unpriced,
  };
  if (json) {
    return {
      stdout: JSON.stringify(
        {
          format: session.format,
          model: session.model ?? null,
          thread: session.thread,
          requests: session.requests.map((r) => ({
            index: r.index,
            timestamp: r.timestamp ?? null,
            messages: r.messages,
            computed: r.computed,
            ...(r.calibrated !== undefined ? { calibrated: r.calibrated } : {}),
            recorded: r.recorded,
            compactedBefore: r.compactedBefore,
            abandoned: r.abandoned,
            cost: r.cost,
          })),
          toolCalls,
          toolResults,
          cost,
          computedBasis: session.basis,
          calibration: session.calibration ?? null,
          notRecorded: session.notRecorded,
          contextWindow: session.contextWindow,
          cacheBreaks: session.cacheBreaks,
          threads: session.threads,
        },
        null,
        2,
      ),
      exitCode: 0,
    };
  }
  const rows = session.requests.map((r) => {
    const recorded = r.recorded
      ? `${r.recorded.input}/${r.recorded.cacheRead}/${r.recorded.cacheWrite}/${r.recorded.output}`
      : 'not recorded';
    const marks = [r.compactedBefore && 'after compaction', r.abandoned && 'abandoned branch']
      .filter(Boolean)
      .join(', ');
    return `  ${String(r.index + 1).padStart(5)}  ${(r.timestamp ?? '').slice(0, 19).padEnd(19)}  ${String(r.messages).padStart(5)}  ${String(r.computed).padStart(8)}~  ${recorded.padEnd(28)} ${r.cacheHit === null ? '   -' : `${Math.round(r.cacheHit * 100)}%`.padStart(4)}  ${dollars(r.cost).padStart(8)}${marks ? `  (${marks})` : ''}`;
  });
  const breaks = session.cacheBreaks.map(
    (b) => `  request ${b.request + 1}: read ${b.read} of ${b.expected} cached tokens — ${b.cause}`,
  );
  const others = session.threads.filter((t) => t.id !== session.thread);
  return {
    stdout: [
      `${session.format} · ${session.model ?? 'model not named'} · ${session.requests.length} requests · ${toolCalls} tool calls, ${toolResults} results`,
      `  computed: ${session.basis}`,
      `  not in the transcript: ${session.notRecorded.join(', ')}`,
      `      #  time                  msgs  computed   recorded in/cacheRead/cacheWrite/out  hit      cost`,
      ...rows,
      `  total cost ${dollars(session.cost.total)}${cost.prices.length ? ` (prices of ${cost.prices.map((p) => `${p.preset} as of ${p.asOf}`).join(', ')})` : ''}${cost.unpriced.length ? `; no price for ${cost.unpriced.join(', ')}` : ''}`,
      ...(session.calibration
        ? [
            `  calibrated to the recorded usage: ×${session.calibration.ratio.toFixed(3)} + ${session.calibration.offset} (${session.calibration.basis}; worst miss ${(session.calibration.worstMiss * 100).toFixed(1)} %)`,
          ]
        : []),
      ...(breaks.length ? ['  cache breaks:', ...breaks] : []),
      ...(others.length
        ? [
            '  other threads:',
            ...others.map((t) => `  ${t.label}: ${t.requests} requests, ${dollars(t.cost)}`),
          ]
        : []),
    ].join('\n'),
    exitCode: 0,
  };
}
