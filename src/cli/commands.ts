import { convertConversation } from '../core/convert.ts';
import type { FormatId } from '../core/formats/index.ts';
import type { PipelineResult } from '../core/pipeline.ts';
import { toFindings } from '../core/findings.ts';
import type { RecordedUsage } from '../core/ir.ts';
import { isRequestTarget, sendableRequest } from '../core/sendable.ts';
import { summarize } from '../core/summary.ts';
import { comparisonText, recordedFigures } from '../core/views/recorded-usage.ts';
import { costText } from '../core/views/cost-text.ts';
import { chatSafeLength, encodeState } from '../core/share/permalink.ts';
import { findSecrets } from '../core/share/secrets.ts';
import { shareableText } from '../core/share/shareable.ts';
import { consoleText } from '../core/views/console.ts';
import { renderMultimodal } from '../core/views/multimodal.ts';

export interface CommandContext {
  text: string;
  result: PipelineResult;
  json: boolean;
  to?: FormatId;
  view?: string;
  /** convert: a body the target API accepts, app-only fields stripped. */
  request?: boolean;
  /** permalink: replace every secret found. */
  redact?: boolean;
  /** permalink: keep the structure and token counts, none of the text. */
  structureOnly?: boolean;
}

export interface CommandOutput {
  stdout: string;
  stderr?: string;
  exitCode: number;
  /** Print stdout as it is, with no newline added (a rendered prompt, byte for byte). */
  exact?: boolean;
}

export function detectCommand({ result, json }: CommandContext): CommandOutput {
  const { format, confidence, candidates } = result.detected;
  if (json) {
    const list = candidates.map((c) => ({ id: c.id, label: c.label, score: c.score, reason: c.reason }));
    const summary = summarize([result.conversation]);
    return {
      stdout: JSON.stringify({ format: format ?? null, confidence, candidates: list, summary }),
      exitCode: 0,
    };
  }
  const lines = candidates
    .filter((c) => c.score > 0)
    .map((c) => `  ${c.id.padEnd(20)} ${c.score.toFixed(2)}  ${c.reason}`);
  return { stdout: [`${format ?? 'unknown'} (${confidence.toFixed(2)})`, ...lines].join('\n'), exitCode: 0 };
}

export function convertCommand({ result, to, request }: CommandContext): CommandOutput {
  if (!to) return { stdout: '', stderr: 'convert needs --to ID', exitCode: 2 };
  if (request && !isRequestTarget(to))
    return { stdout: '', stderr: `--request: ${to} is not an API with a request body`, exitCode: 2 };
  const output = request
    ? sendableRequest(result, to)
    : convertConversation(result.conversation, to, result.inputLosses, result.detected.format);
  const stderr = output.losses.length
    ? output.losses.map((loss) => `loss: ${loss.message}`).join('\n')
    : undefined;
  return { stdout: output.text.replace(/\n$/, ''), stderr, exitCode: 0 };
}

export function lintCommand({ text, result, json }: CommandContext): CommandOutput {
  const findings = toFindings(text, result.diagnostics);
  const exitCode = findings.some((f) => f.severity === 'error') ? 1 : 0;
  if (json) return { stdout: JSON.stringify(findings, null, 2), exitCode };
  const lines = findings.map(
    (f) => `${f.line}:${f.column}  ${f.severity.padEnd(7)} ${f.rule.padEnd(28)} ${f.message}`,
  );
  return { stdout: lines.length ? lines.join('\n') : 'No problems found.', exitCode };
}

export function renderCommand({ result, view, to }: CommandContext): CommandOutput {
  switch (view ?? 'console') {
    case 'console':
      return { stdout: consoleText(result.views.console.entries), exitCode: 0 };
    case 'native': {
      const native = (to === 'anthropic-messages'
        ? result.views.native.anthropic
        : result.views.native.openai) ?? {
        text: '',
        losses: [],
      };
      return { stdout: native.text, exitCode: 0 };
    }
    case 'multimodal':
      return { stdout: renderMultimodal(result.conversation).text, exitCode: 0 };
    case 'prompt':
      return promptOutput(result);
    default:
      return {
        stdout: '',
        stderr: `unknown view "${view}": console, native, multimodal or prompt`,
        exitCode: 2,
      };
  }
}

export function tokensCommand({ result, json }: CommandContext): CommandOutput {
  const t = result.tokens;
  if (json) {
    return {
      stdout: JSON.stringify(
        {
          model: t.model,
          encoding: t.encoding,
          total: t.total,
          subject: t.subject,
          contextWindow: t.contextWindow,
          exact: t.exact,
          ...(t.range ? { range: t.range } : {}),
          basis: t.basis,
          breakdown: t.breakdown,
          ...(t.toolUsePrompt ? { toolUsePrompt: t.toolUsePrompt } : {}),
          forgeEstimateTotal: t.forgeEstimateTotal,
          messages: t.messages.map((m) => ({
            index: m.index,
            role: m.role,
            tokens: m.total,
            exact: m.exact,
            forgeEstimate: m.forgeEstimate,
            hidden: m.hidden,
            parts: m.parts,
          })),
          ...(t.pruning ? { pruning: t.pruning } : {}),
          ...(t.recorded ? { recorded: recordedFiguresOnly(t.recorded) } : {}),
          ...(t.comparison ? { comparison: t.comparison } : {}),
          cache: t.cache,
          ...(t.cost
            ? {
                cost: {
                  currency: t.cost.currency,
                  basis: t.cost.basis,
                  input: t.cost.input,
                  cacheWrite: t.cost.cacheWrite,
                  cacheRead: t.cost.cacheRead,
                  output: t.cost.output,
                  total: t.cost.total,
                  outputTokens: t.cost.outputTokens,
                  outputFrom: t.cost.outputFrom,
                  prices: t.cost.prices,
                },
              }
            : {}),
        },
        null,
        2,
      ),
      exitCode: 0,
    };
  }
  const rows = t.messages.map(
    (m) =>
      `  ${String(m.index + 1).padStart(5)}  ${m.role.padEnd(9)} ${String(m.total).padStart(7)}${m.exact ? ' ' : '~'} ${String(m.forgeEstimate).padStart(7)}`,
  );
  const percent = ((t.total / t.contextWindow) * 100).toFixed(2);
  return {
    stdout: [
      `${t.modelLabel} (${t.encoding}): ${t.range ? '≈ ' : ''}${t.total} ${t.subject === 'reply' ? 'tokens in the reply (the input is a response)' : 'prompt tokens'}${t.range ? `, likely ${t.range.low}–${t.range.high}` : t.exact ? '' : ' (estimate)'} of ${t.contextWindow} (${percent}%)`,
      `  ${t.basis}`,
      `      #  role       tokens    forge`,
      ...rows,
      `  tools ${t.breakdown.tools}, reply priming ${t.breakdown.replyPriming}; Forge estimate total ${t.forgeEstimateTotal}`,
      ...(t.recorded ? [`  API recorded: ${recordedFigures(t.recorded)}`] : []),
      ...(t.cost ? [`  ${costText(t.cost)}`] : []),
      ...(t.comparison
        ? [`  ${comparisonText(t.comparison)}${t.comparison.exact ? '' : ' (estimate)'}`]
        : []),
      ...(t.pruning
        ? [
            `  Forge memory at ${t.pruning.limit} tokens drops messages ${t.pruning.dropped.map((i) => i + 1).join(', ') || 'none'}`,
          ]
        : []),
    ].join('\n'),
    exitCode: 0,
  };
}

/** The path and fragment that open this input in the app (the fragment never reaches a server). */
export async function permalinkCommand({
  text,
  result,
  redact,
  structureOnly,
}: CommandContext): Promise<CommandOutput> {
  const secrets = findSecrets(text);
  const shared = await shareableText(text, {
    ...(redact ? { redact: [...new Set(secrets.map((s) => s.kind))] } : {}),
    structureOnly,
  });
  const path = `/#${encodeState({ v: 1, text: shared, ...(result.detected.overridden && result.detected.format ? { format: result.detected.format } : {}) })}`;
  const notes: string[] = [];
  if (path.length > chatSafeLength)
    notes.push(`note: ${path.length} characters, longer than most chat tools accept`);
  if (redact) for (const s of secrets) notes.push(`redacted: ${s.kind} ${s.preview}`);
  else if (secrets.length && !structureOnly)
    notes.push(
      `warning: the link carries ${secrets.length} possible secret${secrets.length === 1 ? '' : 's'} (${[...new Set(secrets.map((s) => s.kind))].join(', ')}); use --redact or --structure-only`,
    );
  return { stdout: path, stderr: notes.length ? notes.join('\n') : undefined, exitCode: 0 };
}

/** The recorded figures under the IR's names, without where each was read. */
function recordedFiguresOnly({ fields: _fields, ...figures }: RecordedUsage): Omit<RecordedUsage, 'fields'> {
  return figures;
}

/** The prompt as the chat template renders it, exactly; a template error is reported at its line and column. */
function promptOutput(result: PipelineResult): CommandOutput {
  const prompt = result.views.prompt;
  if (!prompt)
    return {
      stdout: '',
      stderr: `render --view prompt: ${result.tokens.modelLabel} has no chat template; pick an open-weight model with --model (qwen3, llama-3.1, deepseek-v3, gemma-3, gpt-oss) or a template with --template`,
      exitCode: 2,
    };
  if (prompt.text === undefined)
    return {
      stdout: '',
      stderr: prompt.findings
        .map((f) => `template:${f.line}:${f.column}: ${f.severity} ${f.message}`)
        .join('\n'),
      exitCode: 1,
    };
  return { stdout: prompt.text, exitCode: 0, exact: true };
}
