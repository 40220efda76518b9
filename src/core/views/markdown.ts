/** A readable markdown transcript: one section per message, parts in the console's visual language. */
import type { Conversation } from '../ir.ts';
import { renderConsole } from './console.ts';

export function renderMarkdown(conversation: Conversation): string {
  const { entries } = renderConsole(conversation);
  const sections = entries.map((entry) => {
    const [title = '', ...rest] = entry.header.split('\n');
    const body = [...rest, ...entry.lines.map((line) => line.text)].join('\n');
    return `### ${title.replace(/[#*_`[\]]/g, (c) => `\\${c}`)}\n\n${body ? `\`\`\`\`text\n${body}\n\`\`\`\`` : ''}`.trimEnd();
  });
  return `# Conversation\n\n${sections.join('\n\n')}\n`;
}
