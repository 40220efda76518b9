/**
 * The tools a serializer writes: function tools for every format; built-in tools and extra tool
 * fields (`strict`) only back into the format that read them. What is left out is a loss.
 */
import type { Conversation, ToolDefinition } from '../../ir.ts';
import type { LossCollector } from './losses.ts';

export interface ToolsToWrite {
  functions: ToolDefinition[];
  /** This format's own built-in tools, as their source wrote them. */
  builtIns: Array<Record<string, unknown>>;
}

export function toolsFor(
  conversation: Conversation,
  format: string,
  label: string,
  losses: LossCollector,
): ToolsToWrite {
  const functions: ToolDefinition[] = [];
  const builtIns: Array<Record<string, unknown>> = [];
  for (const tool of conversation.tools ?? []) {
    const own = tool.source === format;
    if (tool.builtIn) {
      if (own) builtIns.push({ ...tool.extra });
      else
        losses.add(`the built-in tool "${tool.name}" of another provider has no place in ${label}; left out`);
    } else if (tool.extra && !own) {
      losses.add(
        `tool fields ${Object.keys(tool.extra)
          .map((k) => `"${k}"`)
          .join(', ')} of "${tool.name}" are not kept`,
      );
      functions.push({ ...tool, extra: undefined });
    } else functions.push(tool);
  }
  return { functions, builtIns };
}
