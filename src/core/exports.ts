/**
 * Everything that can be copied, downloaded or diffed, as one list: the input as typed, every
 * format of the registry, and the views with a text form. Built from the format registry, so
 * a new format is a new target with nothing else to change.
 */
import type { Loss } from './diagnostics.ts';
import { convertConversation } from './convert.ts';
import { isRequestTarget, sendableRequest } from './sendable.ts';
import { formats } from './formats/index.ts';
import type { PipelineResult } from './pipeline.ts';
import { renderMarkdown } from './views/markdown.ts';
import { renderTokenCsv } from './views/token-csv.ts';
import { chatTemplates } from './templates/registry.ts';
import { consoleText } from './views/console.ts';
import { renderMultimodal } from './views/multimodal.ts';

export interface ExportTarget {
  id: string;
  label: string;
  filename: string;
  mime: string;
  /** Render with this chat template: the pipeline runs with it, whatever the Prompt view shows. */
  promptTemplate?: string;
  render(result: PipelineResult, input: string): { text: string; losses: Loss[] };
}

export const exportTargets: readonly ExportTarget[] = [
  {
    id: 'input',
    label: 'Input as typed',
    filename: 'input.txt',
    mime: 'text/plain',
    render: (_, input) => ({ text: input, losses: [] }),
  },
  ...formats.map((codec) => ({
    id: codec.id,
    label: codec.label,
    filename: `${codec.id}.${codec.extension}`,
    mime: codec.extension === 'json' ? 'application/json' : 'text/plain',
    render: (result: PipelineResult) =>
      convertConversation(result.conversation, codec.id, result.inputLosses, result.detected.format),
  })),
  ...formats
    .filter((codec) => isRequestTarget(codec.id))
    .map((codec) => ({
      id: `request:${codec.id}`,
      label: `${codec.label} request, ready to send (app-only fields stripped)`,
      filename: `${codec.id}-request.json`,
      mime: 'application/json',
      render: (result: PipelineResult) => sendableRequest(result, codec.id),
    })),
  {
    id: 'console',
    label: 'Console timeline (Aya console text)',
    filename: 'console.txt',
    mime: 'text/plain',
    render: (r) => ({ text: consoleText(r.views.console.entries), losses: [] }),
  },
  {
    id: 'multimodal',
    label: 'Multimodal message (Tzurot)',
    filename: 'multimodal.json',
    mime: 'application/json',
    render: (r) => ({ text: renderMultimodal(r.conversation).text, losses: [] }),
  },
  // What each open-weight model would receive: diff two models' renderings, or download one.
  ...chatTemplates.map((t) => ({
    id: `prompt:${t.id}`,
    label: `Prompt as ${t.label}'s chat template renders it`,
    filename: `prompt-${t.id}.txt`,
    mime: 'text/plain',
    promptTemplate: t.id,
    render: (r: PipelineResult) => ({
      text:
        r.views.prompt?.text ??
        (r.views.prompt?.findings ?? [])
          .map((f) => `The template failed at line ${f.line}, column ${f.column}: ${f.message}`)
          .join('\n'),
      losses: (r.views.prompt?.input.omitted ?? []).map((o) => ({
        message: `Message ${o.message + 1}: ${o.what} is not in a chat template's text`,
        messageIndex: o.message,
      })),
    }),
  })),
  {
    id: 'markdown',
    label: 'Markdown transcript',
    filename: 'transcript.md',
    mime: 'text/markdown',
    render: (r) => ({ text: renderMarkdown(r.conversation), losses: [] }),
  },
  {
    id: 'tokens-csv',
    label: 'Token table (CSV)',
    filename: 'tokens.csv',
    mime: 'text/csv',
    render: (r) => ({ text: renderTokenCsv(r.tokens), losses: [] }),
  },
];

export function findExportTarget(id: string): ExportTarget | undefined {
  return exportTargets.find((t) => t.id === id);
}
