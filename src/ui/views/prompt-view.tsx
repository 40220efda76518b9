/**
 * What an open-weight model sees: the conversation rendered by its chat template, special tokens
 * marked, whitespace visible on demand, and the same string as tokens (boundaries coloured, ids
 * on hover), counted per message and in total with the model's own vocabulary.
 */
import { useState } from 'react';
import { useInputStore } from '../../state/input-store.ts';
import { copyText } from '../lib/files.ts';
import { PromptControls } from './prompt-controls.tsx';
import { PromptText } from './prompt-text.tsx';
import { PerMessage } from './prompt-per-message.tsx';
import type { ViewProps } from './view-props.ts';
import { countText } from '../../core/views/count-text.ts';

const n = countText;

export function PromptView({ result }: ViewProps) {
  const prompt = result.views.prompt;
  const options = useInputStore((s) => s.prompt);
  const changed = useInputStore((s) => s.promptOptionsChanged);
  const [copied, setCopied] = useState(false);
  const [only, setOnly] = useState<number | undefined>(undefined);

  if (!prompt)
    return (
      <div className="space-y-2 p-3 text-sm" data-testid="prompt-view">
        <p>
          {result.tokens.modelLabel} is served behind an API: the string it receives is the provider&apos;s
          own. Choose an open-weight model (Qwen3, Llama 3.1, DeepSeek V3, Gemma 3, gpt-oss) in the toolbar,
          or render this conversation with a template here.
        </p>
        <PromptControls prompt={undefined} options={options} onChange={changed} />
      </div>
    );

  const tokens = prompt.tokens;
  return (
    <div data-testid="prompt-view" className="flex h-full flex-col text-sm">
      <PromptControls prompt={prompt} options={options} onChange={changed} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-2 py-1 text-xs dark:border-slate-800">
        {tokens ? (
          <strong data-testid="prompt-count">
            {n(tokens.total)} tokens — exact ({prompt.templateLabel}&apos;s template, {tokens.encoding})
          </strong>
        ) : (
          <span data-testid="prompt-no-tokens">{prompt.noTokens}</span>
        )}
        {prompt.text !== undefined ? (
          <span className="text-slate-500">{n(prompt.text.length)} characters</span>
        ) : null}
        <span className="flex-1" />
        {prompt.text !== undefined ? (
          <button
            type="button"
            className="rounded px-2 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-800"
            onClick={async () => {
              setCopied(await copyText(prompt.text ?? ''));
              setTimeout(() => setCopied(false), 1500);
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
        ) : null}
      </div>
      {prompt.findings.length > 0 ? (
        <ul
          data-testid="template-findings"
          className="border-b border-red-200 bg-red-50 px-2 py-1 text-xs text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {prompt.findings.map((f, i) => (
            <li key={i}>
              Template line {f.line}, column {f.column}: {f.message}
            </li>
          ))}
        </ul>
      ) : null}
      {tokens ? <PerMessage result={result} only={only} onOnly={setOnly} /> : null}
      <div className="min-h-0 flex-1 overflow-auto">
        {prompt.text !== undefined ? (
          <PromptText prompt={prompt} run={result.run} only={only} onShowAll={() => setOnly(undefined)} />
        ) : null}
      </div>
      <p className="border-t border-slate-200 px-2 py-0.5 text-xs text-slate-500 dark:border-slate-800">
        Template: {prompt.source}
        {prompt.usesDate ? ` · dated ${prompt.date}` : ''}
      </p>
    </div>
  );
}
