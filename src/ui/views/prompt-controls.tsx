/** The Prompt view's switches: the template (a shipped one or your own), the generation prompt, the template's own switches, the pinned date and how the string is shown. */
import { chatTemplates } from '../../core/templates/registry.ts';
import type { PromptOptions } from '../../core/templates/options.ts';
import type { PromptView } from '../../core/views/prompt.ts';
import { useUiStore } from '../../state/ui-store.ts';

const box = 'rounded border border-slate-300 bg-transparent px-1 dark:border-slate-700';

export function PromptControls({
  prompt,
  options,
  onChange,
}: {
  prompt: PromptView | undefined;
  options: PromptOptions;
  onChange: (change: Partial<PromptOptions>) => void;
}) {
  const whitespace = useUiStore((s) => s.promptWhitespace);
  const tokens = useUiStore((s) => s.promptTokens);
  const whitespaceToggled = useUiStore((s) => s.promptWhitespaceToggled);
  const tokensToggled = useUiStore((s) => s.promptTokensToggled);
  const switches = prompt?.switches ?? [];
  return (
    <div className="space-y-1 border-b border-slate-200 px-2 py-1 text-xs dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label className="flex items-center gap-1">
          Template
          <select
            aria-label="Chat template"
            className={box}
            value={options.template ?? ''}
            onChange={(e) => onChange({ template: e.target.value || undefined })}
          >
            <option value="">
              the model&apos;s own{prompt && !options.template ? ` (${prompt.templateLabel})` : ''}
            </option>
            {chatTemplates.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
            <option value="custom">Your own…</option>
          </select>
        </label>
        <label
          className="flex items-center gap-1"
          title="End the prompt with the reply's header, as a request does"
        >
          <input
            type="checkbox"
            checked={options.addGenerationPrompt ?? true}
            onChange={(e) => onChange({ addGenerationPrompt: e.target.checked })}
          />
          Generation prompt
        </label>
        {switches.map((s) =>
          s.kind === 'boolean' ? (
            <label key={s.name} className="flex items-center gap-1" title={s.help}>
              <input
                type="checkbox"
                checked={(options.switches?.[s.name] ?? s.default) === true}
                onChange={(e) => onChange({ switches: { ...options.switches, [s.name]: e.target.checked } })}
              />
              {s.label}
            </label>
          ) : (
            <label key={s.name} className="flex items-center gap-1" title={s.help}>
              {s.label}
              <select
                aria-label={s.label}
                className={box}
                value={String(options.switches?.[s.name] ?? s.default)}
                onChange={(e) => onChange({ switches: { ...options.switches, [s.name]: e.target.value } })}
              >
                {s.options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            </label>
          ),
        )}
        {prompt?.usesDate ? (
          <label
            className="flex items-center gap-1"
            title="The day strftime_now answers with: kept in the link, so it renders the same later"
          >
            Date
            <input
              type="date"
              aria-label="Template date"
              className={box}
              value={options.date ?? prompt.date}
              onChange={(e) => e.target.value && onChange({ date: e.target.value })}
            />
          </label>
        ) : null}
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={whitespace} onChange={whitespaceToggled} />
          Whitespace
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={tokens} onChange={tokensToggled} />
          Tokens
        </label>
      </div>
      {options.template === 'custom' ? (
        <textarea
          aria-label="Your chat template"
          data-testid="custom-template"
          spellCheck={false}
          className={`${box} h-24 w-full font-mono`}
          placeholder="Paste a chat_template, or a whole tokenizer_config.json"
          value={options.customTemplate ?? ''}
          onChange={(e) => onChange({ customTemplate: e.target.value })}
        />
      ) : null}
    </div>
  );
}
