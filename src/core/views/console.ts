/**
 * The console timeline: seed 000's console-log rendering, exactly for Aya input, and the
 * same visual language for what other formats can say (tool results, thinking, media,
 * references). Structured entries for the UI; `text` is the seed's plain text.
 */
import { stringifyJson } from '../input/json-number.ts';
import { chunkedFunction } from '../input/chunked-function.ts';
import { joinedWork } from '../input/chunked-text.ts';
import { assertNever, type Conversation, type Message, type Part, type PartOf, type Role } from '../ir.ts';
import { toolResultText } from '../formats/shared/flatten.ts';
import { contentKey } from '../formats/shared/message-memo.ts';
import { messageListMemo } from '../message-edit.ts';
import { lineAround, noteWritten } from './console-share.ts';

export type ConsoleLineKind =
  | 'timestamp'
  | 'quote'
  | 'tool-call'
  | 'message'
  | 'finish'
  | 'reason'
  | 'thinking'
  | 'tool-result'
  | 'media'
  | 'reference';

/** One line under an entry's header. */
export interface ConsoleLine {
  kind: ConsoleLineKind;
  text: string;
}

/**
 * One message's card. It holds no source range: its message's range (the result's `messages`,
 * by `messageIndex`) is where a click goes. With one, every entry after an edit was a new moved
 * copy each keystroke — written, cut for the page, moved and compared again on both sides
 * (~5,000 at an edit in the middle of 10,000 messages).
 */
export interface ConsoleEntry {
  messageIndex: number;
  role: Role;
  header: string;
  lines: ConsoleLine[];
  hidden: boolean;
}

/**
 * The timeline, entry by entry: one per message, in order, so entry i is message i's (the page
 * pages through them by index). `consoleText(entries)` writes it out (for copying and export only).
 */
export interface ConsoleView {
  entries: ConsoleEntry[];
}

export function renderConsole(conversation: Conversation): ConsoleView {
  const persona = conversation.assistantName;
  const entries = entryLists(conversation, (message, index) => rememberedEntry(message, index, persona), [
    persona,
  ]);
  return { entries };
}

/** The entries, from the last conversation's when this one is an edit of it (message-edit.ts). */
const entryLists = messageListMemo<ConsoleEntry>();

interface Remembered {
  index: number;
  persona: string | undefined;
  entry: ConsoleEntry;
}

/**
 * Entries by message content: a keystroke inside one of 10,000 messages writes that entry
 * again (~14 ms for all, measured); a moved copy of a message has the same entry.
 */
const entries = new WeakMap<Message, Remembered>();

function rememberedEntry(message: Message, index: number, persona: string | undefined): ConsoleEntry {
  const key = contentKey(message);
  const known = entries.get(key);
  if (known?.index === index && known.persona === persona) return known.entry;
  const entry = consoleEntry(message, index, persona);
  entries.set(key, { index, persona, entry });
  return entry;
}

export function consoleText(entries: readonly ConsoleEntry[]): string {
  return entries
    .map((entry) => [entry.header, ...entry.lines.map((line) => line.text)].join('\n'))
    .join('\n\n');
}

const indent = '   ';

function consoleEntry(message: Message, messageIndex: number, persona: string | undefined): ConsoleEntry {
  const lines: ConsoleLine[] = [];
  const turn = message.turn !== undefined ? ` [Turn ${message.turn}]` : '';
  const hiddenNote = message.hidden ? ' (not sent to the model)' : '';
  let header: string;
  let headerBody: { head: string; body: string } | undefined;
  switch (message.role) {
    case 'system':
    case 'developer': {
      const label = message.role === 'system' ? '🧠 System' : '🧭 Developer';
      const text = message.parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('\n');
      // Seed 000 prints no timestamp under a system line.
      headerBody = { head: `${label}${hiddenNote}: `, body: text };
      header = headerBody.head + text;
      for (const part of message.parts)
        if (part.type !== 'text') lines.push(...partLines(part, message.role, false));
      break;
    }
    case 'user': {
      const who = message.userId ?? message.name;
      header = `👤 User${who ? ` ${who}` : ''}${turn}${hiddenNote}`;
      pushTimestamp(message, lines);
      for (const part of message.parts) lines.push(...partLines(part, message.role, false));
      break;
    }
    case 'assistant': {
      const name = message.name ?? persona;
      const choice = message.alternative !== undefined ? ` — choice ${message.alternative}` : '';
      const stopped = message.stopReason ? ` · stopped: ${message.stopReason}` : '';
      header = `🤖 Assistant${name ? ` (${name})` : ''}${turn}${choice}${hiddenNote}${stopped}`;
      pushTimestamp(message, lines);
      // A thought that closes the message after an action is that action's reason (Aya's shape);
      // a thought before an action is thinking (Forge's and Anthropic's shape).
      message.parts.forEach((part, position) => {
        const closesAfterAction =
          position === message.parts.length - 1 &&
          position > 0 &&
          message.parts[position - 1]?.type !== 'thinking';
        lines.push(...partLines(part, message.role, closesAfterAction));
      });
      break;
    }
    case 'tool': {
      const result = message.parts.find((p): p is PartOf<'tool-result'> => p.type === 'tool-result');
      const name = message.name ?? result?.name;
      header = `🛠️ Tool${name ? ` ${name}` : ''}${result?.callId ? ` [${result.callId}]` : ''}${turn}${hiddenNote}`;
      pushTimestamp(message, lines);
      for (const part of message.parts) lines.push(...partLines(part, message.role, true));
      break;
    }
  }
  const entry = {
    messageIndex,
    role: message.role,
    header,
    lines,
    hidden: message.hidden === true,
  };
  if (headerBody) noteWritten(entry, headerBody.head, headerBody.body);
  return entry;
}

function pushTimestamp(message: Message, lines: ConsoleLine[]): void {
  if (message.timestamp) lines.push({ kind: 'timestamp', text: `🕐 ${message.timestamp}` });
}

/** A line of a multi-line value: continuation lines keep the column of its first line. */
function block(
  kind: ConsoleLineKind,
  first: string,
  body: string,
  continuation: string,
  tail = '',
): ConsoleLine {
  return lineAround(kind, first, continued(continuation)(body), tail);
}

/**
 * `text` with `continuation` after each line break, per continuation. A long text is redone only
 * near an edit (chunked-text.ts): a 10 MB message is re-rendered on every keystroke in it.
 */
const continuedBy = new Map<string, (text: string) => string>();
function continued(continuation: string): (text: string) => string {
  let indented = continuedBy.get(continuation);
  if (!indented) {
    const whole = (text: string) => text.replaceAll('\n', `\n${continuation}`);
    indented = chunkedFunction(
      whole,
      joinedWork(whole, () => true),
    );
    continuedBy.set(continuation, indented);
  }
  return indented;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : stringifyJson(value);
}

/** `afterAction`: a thinking part that explains the action before it is rendered as its reason (Aya's `└─ Reason:`). */
function partLines(part: Part, speaker: Role, afterAction: boolean): ConsoleLine[] {
  switch (part.type) {
    case 'text':
      if (speaker === 'assistant') {
        const label = part.refusal ? '🚫 Refusal' : `💬 ${part.via ?? 'Message'}`;
        return [block('message', `${label}:\n${indent}"`, part.text, indent, '"')];
      }
      return [block('quote', '> ', part.text, '> ')];
    case 'thinking':
      if (part.redacted) return [{ kind: 'thinking', text: '💭 (redacted thinking)' }];
      return afterAction
        ? [block('reason', `${indent}└─ Reason: `, part.text, `${indent}   `)]
        : [block('thinking', '💭 ', part.text, '   ')];
    case 'tool-call': {
      const args = part.arguments;
      const entries = args && typeof args === 'object' && !Array.isArray(args) ? Object.entries(args) : [];
      const params = entries.length
        ? ` (${entries.map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')})`
        : '';
      if (part.name === 'finishRequest') return [{ kind: 'finish', text: `✅ finishRequest${params}` }];
      const raw = args === undefined ? ` ${part.rawArguments}` : '';
      // The call's id, as results show theirs, unless the parser made it up (Aya's and Forge's have none).
      const id = part.id && !part.idSynthesized ? ` [${part.id}]` : '';
      return [{ kind: 'tool-call', text: `🔧 ${part.name}${id}${params}${raw}` }];
    }
    case 'tool-result': {
      const label = part.isError ? '❌ Error' : '📥 Result';
      const of = part.callId ? ` [${part.callId}]` : '';
      const body = toolResultText(part).replace(part.isError ? /^Error:\s*/ : /^$/, '');
      return [block('tool-result', `${label}${of}: `, body, indent)];
    }
    case 'image':
      return [
        {
          kind: 'media',
          text: `🖼️ Image: ${part.url ?? `(inline ${part.mediaType ?? 'image'} data)`}`,
        },
      ];
    case 'audio':
      return [{ kind: 'media', text: `🔊 Audio: ${part.url ?? `(inline ${part.format ?? 'audio'} data)`}` }];
    case 'file':
      return [
        {
          kind: 'media',
          text: `📎 File: ${part.filename ?? part.url ?? part.fileId ?? '(inline data)'}`,
        },
      ];
    case 'reference': {
      const who =
        part.fromBot && part.displayName
          ? `${part.displayName}${part.personalityName ? ` (${part.personalityName})` : ''}`
          : part.author;
      return [block('reference', `↩️ Replying to ${who}: "`, part.text, indent, '"')];
    }
    default:
      return assertNever(part);
  }
}
