/**
 * Seed 002's conventions inside a message's content string: `[bracketed]` thinking lines,
 * `<tool>{json}</tool>` calls, and `Tool: name\nresult` tool messages.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import type { Message, Part } from '../../ir.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { readJson } from '../../input/json-value.ts';
import { toolResultText } from '../shared/flatten.ts';
import { isRecord } from '../shared/validate.ts';

const toolOpen = '<tool>';
const toolClose = '</tool>';

/** Splits an assistant content string into thinking, text and tool-call parts. `toSource` maps content offsets to the input's. */
export function parseAssistantContent(
  content: string,
  toSource: ((offset: number) => number) | undefined,
  diagnostics: Diagnostic[],
): Part[] {
  const parts: Part[] = [];
  const at = (start: number, end: number) =>
    toSource ? { start: toSource(start), end: toSource(end) } : undefined;
  let cursor = 0;
  while (cursor < content.length) {
    const open = content.indexOf(toolOpen, cursor);
    const segmentEnd = open === -1 ? content.length : open;
    pushProse(content.slice(cursor, segmentEnd), cursor, parts, at);
    if (open === -1) break;
    const close = content.indexOf(toolClose, open);
    if (close === -1) {
      diagnostics.push(
        diagnostic(
          'forge/tool-tag',
          'error',
          'A <tool> tag is never closed by </tool>.',
          at(open, open + toolOpen.length),
        ),
      );
      pushProse(content.slice(open), open, parts, at);
      break;
    }
    const jsonText = content.slice(open + toolOpen.length, close);
    parts.push(toolCallPart(jsonText, at(open, close + toolClose.length), diagnostics));
    cursor = close + toolClose.length;
  }
  if (content.includes(toolClose) && !content.includes(toolOpen)) {
    const stray = content.indexOf(toolClose);
    diagnostics.push(
      diagnostic(
        'forge/tool-tag',
        'error',
        'A </tool> tag with no <tool> before it.',
        at(stray, stray + toolClose.length),
      ),
    );
  }
  return parts;
}

function pushProse(
  segment: string,
  offset: number,
  parts: Part[],
  at: (s: number, e: number) => Part['range'],
): void {
  let text: string[] = [];
  let textStart = -1;
  let lineStart = 0;
  const flushText = (end: number) => {
    const joined = text.join('\n').trim();
    if (joined) parts.push({ type: 'text', text: joined, range: at(offset + textStart, offset + end) });
    text = [];
    textStart = -1;
  };
  for (const line of segment.split('\n')) {
    const trimmed = line.trim();
    const lineEnd = lineStart + line.length;
    if (isThoughtLine(trimmed)) {
      flushText(lineStart);
      parts.push({
        type: 'thinking',
        text: trimmed.slice(1, -1),
        range: at(offset + lineStart, offset + lineEnd),
      });
    } else if (trimmed) {
      if (textStart === -1) textStart = lineStart;
      text.push(line);
    } else if (text.length) {
      text.push(line);
    }
    lineStart = lineEnd + 1;
  }
  flushText(segment.length);
}

/** `[like this]` on a line of its own, but not a JSON array or a markdown link. */
function isThoughtLine(line: string): boolean {
  return (
    line.length > 2 &&
    line.startsWith('[') &&
    line.endsWith(']') &&
    !/^\[[{"[\]]/.test(line) &&
    !line.includes('](')
  );
}

function toolCallPart(jsonText: string, range: Part['range'], diagnostics: Diagnostic[]): Part {
  const read = readJson(jsonText);
  if (!read.ok) {
    diagnostics.push(
      diagnostic('forge/tool-json', 'error', `The <tool> payload is not valid JSON: ${read.message}`, range),
    );
    return { type: 'tool-call', name: '', arguments: undefined, rawArguments: jsonText.trim(), range };
  }
  const payload = read.value;
  if (!isRecord(payload)) {
    diagnostics.push(diagnostic('forge/tool-fields', 'error', 'The <tool> payload is a JSON object.', range));
    return { type: 'tool-call', name: '', arguments: undefined, rawArguments: jsonText.trim(), range };
  }
  for (const key of Object.keys(payload)) {
    if (key === 'server_name' || key === 'tool_name' || key === 'arguments') continue;
    diagnostics.push({
      ...diagnostic(
        'forge/tool-fields',
        'warning',
        `The <tool> payload has a field "${key}" that Forge does not read (server_name, tool_name, arguments); it is ignored.`,
        range,
      ),
      unread: true,
    });
  }
  if (typeof payload.tool_name !== 'string')
    diagnostics.push(
      diagnostic('forge/tool-fields', 'error', 'The <tool> payload is missing "tool_name".', range),
    );
  if (!('arguments' in payload))
    diagnostics.push(
      diagnostic('forge/tool-fields', 'error', 'The <tool> payload is missing "arguments".', range),
    );
  if ('server_name' in payload && payload.server_name !== 'local') {
    diagnostics.push(
      diagnostic(
        'forge/server-name',
        'info',
        `server_name is "${String(payload.server_name)}"; local tools use "local".`,
        range,
      ),
    );
  }
  const args = payload.arguments ?? {};
  return {
    type: 'tool-call',
    name: typeof payload.tool_name === 'string' ? payload.tool_name : '',
    arguments: args,
    rawArguments: stringifyJson(args),
    server: typeof payload.server_name === 'string' ? payload.server_name : undefined,
    range,
  };
}

/** `Tool: name\nresult`; an `Error:` result is an error result. */
export function parseToolContent(content: string): { name?: string; result: string; isError: boolean } {
  const match = /^Tool: ([^\n]*)\n?([\s\S]*)$/.exec(content);
  const result = match ? (match[2] ?? '') : content;
  return { name: match?.[1]?.trim(), result, isError: /^Error:/.test(result) };
}

export function formatToolCall(name: string, args: unknown, server = 'local'): string {
  const payload = { server_name: server, tool_name: name, arguments: args ?? {} };
  return `${toolOpen}\n${stringifyJson(payload, 2)}\n${toolClose}`;
}

/**
 * A message's content as Forge writes it: `[thinking]` lines, text and `<tool>` blocks joined
 * by blank lines; a tool message is `Tool: name\nresult`. `callNames` maps call ids to tool
 * names so a result can name its tool when the source did not.
 */
export function forgeContentOf(message: Message, callNames?: ReadonlyMap<string, string>): string {
  const blocks: string[] = [];
  for (const part of message.parts) {
    switch (part.type) {
      case 'text':
        blocks.push(part.text);
        break;
      case 'thinking':
        if (!part.redacted)
          blocks.push(
            part.text
              .split('\n')
              .map((line) => `[${line}]`)
              .join('\n'),
          );
        break;
      case 'tool-call':
        blocks.push(formatToolCall(part.name, part.arguments, part.server));
        break;
      case 'tool-result': {
        const name = part.name ?? (part.callId ? callNames?.get(part.callId) : undefined) ?? 'tool';
        blocks.push(`Tool: ${name}\n${toolResultText(part)}`);
        break;
      }
      case 'reference':
        blocks.push(part.text);
        break;
      default:
        break;
    }
  }
  return blocks.join('\n\n');
}
