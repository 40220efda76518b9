/**
 * A conversation rendered by a model's chat template, as Hugging Face's `apply_chat_template`
 * renders it: the messages and tools, `add_generation_prompt`, the tokenizer's `bos_token` and
 * `eos_token`, the template's own switches, `raise_exception`, and `strftime_now` on a pinned
 * date so a link renders the same tomorrow. A template error is a finding at its line and column
 * in the template; it never throws.
 */
import { Environment, Interpreter, Template } from '@huggingface/jinja';
import { isRecord } from '../formats/shared/validate.ts';
import type { Conversation } from '../ir.ts';
import templateTexts from './chat-templates.json' with { type: 'json' };
import { templateInput, type TemplateInput } from './messages.ts';
import type { PromptOptions } from './options.ts';

export type { PromptOptions };
import { findTemplate, type ChatTemplateInfo } from './registry.ts';
import { range, strftime } from './jinja-globals.ts';
import { locateRaise, locateSyntaxError, positionOf, type TemplatePosition } from './template-errors.ts';

export { strftime };

export interface TemplateFinding extends TemplatePosition {
  severity: 'error' | 'warning';
  message: string;
}

export interface RenderedPrompt {
  /** The template used: a shipped one, or "custom". */
  templateId: string;
  info: ChatTemplateInfo;
  /** Undefined when the template failed: see `findings`. */
  text?: string;
  input: TemplateInput;
  findings: TemplateFinding[];
  date: string;
}

const texts: Readonly<Record<string, string>> = templateTexts;

const neutralTemplate: ChatTemplateInfo = {
  id: 'custom',
  label: 'Custom template',
  source: 'pasted',
  bosToken: '',
  eosToken: '',
  argumentsAs: 'object',
  toolCallContent: 'empty',
  usesDate: true,
  switches: [],
};

export function shippedTemplateText(id: string): string | undefined {
  return Object.hasOwn(texts, id) ? texts[id] : undefined;
}

/** The template text and its special tokens, from a shipped id or a pasted template or tokenizer config. */
export function resolveTemplate(
  options: PromptOptions,
  fallbackId: string,
): { id: string; info: ChatTemplateInfo; source?: string; findings: TemplateFinding[] } {
  const base = findTemplate(options.template === 'custom' ? fallbackId : (options.template ?? fallbackId));
  // A pasted template for a model with none of its own: no special tokens are assumed.
  const info = base ?? findTemplate(fallbackId) ?? neutralTemplate;
  if (options.template !== 'custom')
    return { id: info.id, info, source: shippedTemplateText(info.id), findings: [] };
  const pasted = (options.customTemplate ?? '').trim();
  if (
    !pasted.startsWith('{') ||
    pasted.startsWith('{%') ||
    pasted.startsWith('{{') ||
    pasted.startsWith('{#')
  )
    return {
      id: 'custom',
      info: { ...info, id: 'custom', label: 'Custom template', source: 'pasted', usesDate: true },
      source: pasted,
      findings: [],
    };
  // A whole tokenizer_config.json: its chat_template (a string, or a list of named ones) and tokens.
  try {
    const config = JSON.parse(pasted) as Record<string, unknown>;
    const template = config.chat_template;
    const chosen =
      typeof template === 'string'
        ? template
        : Array.isArray(template)
          ? (template.find((t) => isNamed(t, 'default')) ?? template[0])?.template
          : undefined;
    const token = (value: unknown, fallback: string) =>
      typeof value === 'string'
        ? value
        : isRecord(value) && typeof value.content === 'string'
          ? value.content
          : fallback;
    if (typeof chosen !== 'string') return unusable(info, 'This tokenizer_config.json has no chat_template.');
    return {
      id: 'custom',
      info: {
        ...info,
        id: 'custom',
        label: 'Custom template',
        source: 'a pasted tokenizer_config.json',
        usesDate: true,
        bosToken: token(config.bos_token, ''),
        eosToken: token(config.eos_token, ''),
      },
      source: chosen,
      findings: [],
    };
  } catch (error) {
    return unusable(info, `This looks like JSON but does not parse: ${(error as Error).message}`);
  }
}

/** A pasted template that cannot be used: the reason, at the start of what was pasted. */
function unusable(info: ChatTemplateInfo, message: string) {
  return { id: 'custom', info, findings: [{ severity: 'error' as const, line: 1, column: 1, message }] };
}

export function renderPrompt(
  conversation: Conversation,
  options: PromptOptions,
  fallbackId: string,
  today: string,
): RenderedPrompt {
  const resolved = resolveTemplate(options, fallbackId);
  const date = options.date && /^\d{4}-\d{2}-\d{2}$/.test(options.date) ? options.date : today;
  const input = templateInput(conversation, resolved.info);
  const result: RenderedPrompt = {
    templateId: resolved.id,
    info: resolved.info,
    input,
    findings: resolved.findings,
    date,
  };
  const source = resolved.source;
  if (source === undefined || resolved.findings.length > 0) return result;
  if (source.trim() === '') {
    result.findings.push({ severity: 'error', line: 1, column: 1, message: 'The template is empty.' });
    return result;
  }
  const rendered = renderSource(source, resolved.info, input, options, date);
  result.findings.push(...rendered.findings);
  if (rendered.text !== undefined) result.text = rendered.text;
  return result;
}

/** One template on one template input: the text, or the findings that stopped it. */
export function renderSource(
  source: string,
  info: ChatTemplateInfo,
  input: Pick<TemplateInput, 'messages' | 'tools'>,
  options: PromptOptions,
  date: string,
): { text?: string; findings: TemplateFinding[] } {
  let template: Template;
  try {
    template = new Template(source);
  } catch (error) {
    const located = locateSyntaxError(source);
    return {
      findings: [
        {
          severity: 'error',
          ...positionOf(source, located?.offset ?? 0),
          message: `The template does not parse: ${located?.message ?? (error as Error).message}`,
        },
      ],
    };
  }
  try {
    return { text: run(template, variables(info, input, options, date)), findings: [] };
  } catch (error) {
    const message = error instanceof TemplateRaised ? error.message : (error as Error).message;
    const at = error instanceof TemplateRaised ? locateRaise(source, message) : undefined;
    return {
      findings: [
        {
          severity: 'error',
          ...positionOf(source, at ?? 0),
          message:
            error instanceof TemplateRaised
              ? `The template refuses this conversation: "${message}"`
              : `The template failed while rendering: ${message}`,
        },
      ],
    };
  }
}

class TemplateRaised extends Error {}

function variables(
  info: ChatTemplateInfo,
  input: Pick<TemplateInput, 'messages' | 'tools'>,
  options: PromptOptions,
  date: string,
): Record<string, unknown> {
  const switches: Record<string, unknown> = {};
  // The chosen values come from links and autosave: only the template's own switch names are read.
  const chosen = new Map(Object.entries(options.switches ?? {}));
  for (const s of info.switches) switches[s.name] = chosen.get(s.name) ?? s.default;
  return {
    messages: input.messages,
    // apply_chat_template passes tools=None when there are none: `tools is defined` holds.
    tools: input.tools ?? null,
    add_generation_prompt: options.addGenerationPrompt ?? true,
    bos_token: info.bosToken,
    eos_token: info.eosToken,
    ...switches,
    strftime_now: (format: string) => strftime(date, format),
  };
}

/** The library's own globals, with `raise_exception` and `strftime_now` answered here (a pinned date, a findable error). */
function run(template: Template, items: Record<string, unknown>): string {
  const env = new Environment();
  const globals: { [name: string]: unknown } = {
    false: false,
    true: true,
    none: null,
    False: false,
    True: true,
    None: null,
    range,
    raise_exception: (message: unknown) => {
      throw new TemplateRaised(String(message));
    },
    ...items,
  };
  for (const [key, value] of Object.entries(globals)) env.set(key, value);
  return new Interpreter(env).run(template.parsed).value as string;
}

function isNamed(value: unknown, name: string): value is { name: string; template: string } {
  return isRecord(value) && value.name === name;
}
