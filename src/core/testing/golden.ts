/** One readable markdown document per fixture: everything the pipeline says about it. */
import { convertConversation } from '../convert.ts';
import { formats } from '../formats/index.ts';
import type { PipelineResult } from '../pipeline.ts';
import { LineIndex } from '../source-text.ts';
import { comparisonText, recordedFigures } from '../views/recorded-usage.ts';
import { consoleText } from '../views/console.ts';
import { renderMultimodal } from '../views/multimodal.ts';

function fence(language: string, body: string): string {
  return `\`\`\`${language}\n${body.replace(/\n$/, '')}\n\`\`\``;
}

export function goldenDocument(name: string, text: string, result: PipelineResult): string {
  const lines = new LineIndex(text);
  const at = (offset: number) => {
    const p = lines.position(offset);
    return `${p.line}:${p.column}`;
  };
  const out: string[] = [`# ${name}`, '', '## Detection', ''];
  for (const c of result.detected.candidates) out.push(`- ${c.id} ${c.score.toFixed(2)}: ${c.reason}`);
  out.push(
    '',
    `Read as: ${result.detected.format ?? 'nothing'}${result.partial ? ' (partial)' : ''}`,
    '',
    '## Diagnostics',
    '',
  );
  if (result.diagnostics.length === 0) out.push('(none)');
  for (const d of result.diagnostics)
    out.push(`- ${at(d.range.start)}-${at(d.range.end)} ${d.severity} ${d.rule}: ${d.message}`);
  out.push(
    '',
    '## Console timeline',
    '',
    fence('text', consoleText(result.views.console.entries)),
    '',
    '## Multimodal message',
    '',
    fence('json', renderMultimodal(result.conversation).text),
  );
  out.push('', '## Tokens', '');
  const t = result.tokens;
  out.push(
    `${t.model} ${t.encoding}: total ${t.total}${t.exact ? ' (exact)' : ' (estimate)'}${t.range ? `, likely ${t.range.low}–${t.range.high}` : ''}${t.toolUsePrompt ? `, tool-use system prompt ${t.toolUsePrompt.tokens}` : ''}; system ${t.breakdown.system}, tools ${t.breakdown.tools}, messages ${t.breakdown.messages}, priming ${t.breakdown.replyPriming}; seed 002 estimate ${t.forgeEstimateTotal}; cache breakpoints ${t.cache.breakpoints}, cached prefix ${t.cache.tokens}`,
  );
  if (t.recorded) {
    out.push('', `Recorded by the API: ${recordedFigures(t.recorded)}`);
    out.push(`(read from ${Object.values(t.recorded.fields).join(', ')})`);
    if (t.comparison) out.push(`${comparisonText(t.comparison)}${t.comparison.exact ? '' : ' (estimate)'}`);
  }
  out.push('', '| # | role | tokens | exact | seed 002 |', '|---|---|---|---|---|');
  for (const m of t.messages)
    out.push(
      `| ${m.index + 1} | ${m.role}${m.hidden ? ' (hidden)' : ''} | ${m.total} | ${m.exact ? 'yes' : 'no'} | ${m.forgeEstimate} |`,
    );
  out.push('', '## Conversions');
  for (const codec of formats) {
    const converted = convertConversation(
      result.conversation,
      codec.id,
      result.inputLosses,
      result.detected.format,
    );
    out.push('', `### ${codec.id}`, '', fence(codec.extension === 'json' ? 'json' : 'text', converted.text));
    if (converted.losses.length) {
      out.push('', 'Losses:');
      for (const loss of converted.losses) out.push(`- ${loss.message}`);
    }
  }
  return `${out.join('\n')}\n`;
}
