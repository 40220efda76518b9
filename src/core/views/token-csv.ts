/** The token table as CSV: one row per message, with exactness and the seed 002 estimate. */
import type { TokenReport } from '../tokens/count.ts';

const quote = (value: string | number | boolean) => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function renderTokenCsv(report: TokenReport): string {
  const rows: Array<Array<string | number | boolean>> = [
    [
      'message',
      'role',
      'tokens',
      'exact',
      'overhead',
      'text',
      'tool_call',
      'tool_result',
      'image',
      'thinking',
      'other',
      'seed002_estimate',
      'sent_to_model',
    ],
  ];
  for (const m of report.messages) {
    const by = (type: string) => m.parts.filter((p) => p.type === type).reduce((sum, p) => sum + p.tokens, 0);
    const known = by('text') + by('tool-call') + by('tool-result') + by('image') + by('thinking');
    const other = m.total - m.overhead - known;
    rows.push([
      m.index + 1,
      m.role,
      m.total,
      m.exact,
      m.overhead,
      by('text'),
      by('tool-call'),
      by('tool-result'),
      by('image'),
      by('thinking'),
      other,
      m.forgeEstimate,
      !m.hidden,
    ]);
  }
  rows.push([
    'total',
    '',
    report.total,
    report.exact,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    report.forgeEstimateTotal,
    '',
  ]);
  rows.push([
    'model',
    report.model,
    report.encoding,
    report.contextWindow,
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
    '',
  ]);
  return `${rows.map((row) => row.map(quote).join(',')).join('\n')}\n`;
}
