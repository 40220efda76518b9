/**
 * The conversation as a chat template receives it: Hugging Face's `apply_chat_template` input,
 * the OpenAI-shaped messages and tools every published template is written against. A message
 * keeps the index of the conversation message it came from, so findings and token counts point
 * back at it.
 */
import type { Conversation, Message, PartOf } from '../ir.ts';
import { referenceText, toolResultText } from '../formats/shared/flatten.ts';
import type { ChatTemplateInfo } from './registry.ts';

export interface TemplateToolCall {
  id?: string;
  type: 'function';
  function: { name: string; arguments: unknown };
}

export interface TemplateMessage {
  role: string;
  content: string | null;
  tool_calls?: TemplateToolCall[];
  tool_call_id?: string;
  name?: string;
  reasoning_content?: string;
  thinking?: string;
}

export interface TemplateInput {
  messages: TemplateMessage[];
  /** For each template message, the conversation message it came from. */
  sources: number[];
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
  /** What the template input cannot carry (images, audio, files): named, never dropped silently. */
  omitted: Array<{ message: number; what: string }>;
}

export function templateInput(conversation: Conversation, template: ChatTemplateInfo): TemplateInput {
  const messages: TemplateMessage[] = [];
  const sources: number[] = [];
  const omitted: TemplateInput['omitted'] = [];
  conversation.messages.forEach((message, index) => {
    if (message.hidden) return;
    const push = (m: TemplateMessage) => {
      messages.push(m);
      sources.push(index);
    };
    // Tool results go first, each as its own "tool" message: a user turn that answers calls
    // (Anthropic's shape) is, to a template, the tool messages and then whatever text follows.
    for (const part of message.parts) {
      if (part.type === 'tool-result') push(toolMessage(part));
    }
    const text = textOf(message, conversation, index, omitted);
    const calls = message.parts.filter((p): p is PartOf<'tool-call'> => p.type === 'tool-call');
    const reasoning = message.parts
      .filter((p): p is PartOf<'thinking'> => p.type === 'thinking')
      .map((p) => p.text)
      .join('\n');
    const onlyResults = message.parts.every((p) => p.type === 'tool-result');
    if (onlyResults && message.parts.length > 0) return;
    const role = message.role === 'developer' ? 'system' : message.role;
    if (role === 'tool') {
      // A tool message without a result part (plain text content) is its own result.
      if (!message.parts.some((p) => p.type === 'tool-result'))
        push({ role: 'tool', content: text, ...(message.name ? { name: message.name } : {}) });
      return;
    }
    const templateMessage: TemplateMessage = {
      role,
      content: calls.length > 0 && text === '' && template.toolCallContent === 'none' ? null : text,
    };
    if (calls.length > 0) templateMessage.tool_calls = calls.map((call) => toolCall(call, template));
    if (reasoning && template.reasoningField) templateMessage[template.reasoningField] = reasoning;
    push(templateMessage);
  });
  const tools = (conversation.tools ?? [])
    .filter((t) => !t.builtIn)
    .map((t) => ({
      type: 'function' as const,
      function: {
        name: t.name,
        ...(t.description !== undefined ? { description: t.description } : {}),
        ...(t.parameters !== undefined ? { parameters: t.parameters } : {}),
      },
    }));
  return { messages, sources, ...(tools.length ? { tools } : {}), omitted };
}

function textOf(
  message: Message,
  conversation: Conversation,
  index: number,
  omitted: TemplateInput['omitted'],
): string {
  const texts: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'reference') texts.push(referenceText(part, message, conversation));
    else if (part.type === 'image' || part.type === 'audio' || part.type === 'file')
      omitted.push({
        message: index,
        what: `an ${part.type === 'image' ? 'image' : part.type === 'audio' ? 'audio clip' : 'file'}`,
      });
  }
  return texts.join('\n');
}

function toolMessage(part: PartOf<'tool-result'>): TemplateMessage {
  return {
    role: 'tool',
    content: toolResultText(part),
    ...(part.callId ? { tool_call_id: part.callId } : {}),
    ...(part.name ? { name: part.name } : {}),
  };
}

function toolCall(call: PartOf<'tool-call'>, template: ChatTemplateInfo): TemplateToolCall {
  // Hugging Face's convention is a parsed object; a template that concatenates strings wants the text.
  const args =
    template.argumentsAs === 'string' || call.arguments === undefined ? call.rawArguments : call.arguments;
  return {
    ...(call.id ? { id: call.id } : {}),
    type: 'function',
    function: { name: call.name, arguments: args },
  };
}
