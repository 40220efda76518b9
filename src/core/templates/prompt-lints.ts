/**
 * Findings only a rendered prompt shows: a template that refuses the conversation, tool calls and
 * tool results it dropped, a system prompt it moved or dropped, and media it cannot carry.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { toolResultText } from '../formats/shared/flatten.ts';
import type { Conversation, SourceRange } from '../ir.ts';
import { locate, type PromptView } from '../views/prompt.ts';

const start: SourceRange = { start: 0, end: 1 };

export function promptLints(conversation: Conversation, prompt: PromptView): Diagnostic[] {
  const found: Diagnostic[] = [];
  const label = prompt.templateLabel;
  for (const f of prompt.findings)
    found.push(
      diagnostic(
        'prompt/template-error',
        'error',
        `${label}: ${f.message} (template line ${f.line}, column ${f.column})`,
        start,
      ),
    );
  const text = prompt.text;
  if (text === undefined) return found;
  const has = (needle: string) =>
    needle.trim() === '' || locate(text, needle.trim().slice(0, 120)) !== undefined;
  conversation.messages.forEach((message, index) => {
    if (message.hidden) return;
    const range = message.range ?? start;
    for (const part of message.parts) {
      // Templates write the arguments again (tojson, TypeScript-like types): the name is what must be there.
      if (part.type === 'tool-call' && !text.includes(part.name))
        found.push(
          diagnostic(
            'prompt/tool-call-dropped',
            'warning',
            `${label}'s template drops the call to ${part.name} in message ${index + 1}: the model never sees it.`,
            part.range ?? range,
          ),
        );
      if (part.type === 'tool-result' && !has(toolResultText(part)))
        found.push(
          diagnostic(
            'prompt/tool-result-dropped',
            'warning',
            `${label}'s template drops the tool result in message ${index + 1}: the model never sees it.`,
            part.range ?? range,
          ),
        );
    }
    if (message.role === 'system' || message.role === 'developer') {
      const system = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
      if (!has(system))
        found.push(
          diagnostic(
            'prompt/system-dropped',
            'warning',
            `${label}'s template drops this system prompt: the model never sees it.`,
            range,
          ),
        );
      else if (prompt.systemFolded)
        found.push(diagnostic('prompt/system-folded', 'info', `${prompt.systemFolded}.`, range));
    }
  });
  // A call names its tool too: a definition is written when its description (or, without one, its name) is.
  const tools = (conversation.tools ?? []).filter((t) => !t.builtIn && !has(t.description || t.name));
  if (tools.length > 0)
    found.push(
      diagnostic(
        'prompt/tools-dropped',
        'warning',
        `${label}'s template does not write the tool definitions (${tools.map((t) => t.name).join(', ')}): the model is never told about them.`,
        tools[0]?.range ?? start,
      ),
    );
  for (const omitted of prompt.input.omitted) {
    const range = conversation.messages[omitted.message]?.range ?? start;
    found.push(
      diagnostic(
        'prompt/media-not-rendered',
        'info',
        `Message ${omitted.message + 1} holds ${omitted.what}: a chat template is given text, so the prompt shown does not include it (its tokens are estimated apart).`,
        range,
      ),
    );
  }
  return found;
}
