/**
 * Seed 001: the `### RECENT CONVERSATION ###` text blob Ei embedded in its user prompt.
 * Human -> user, any other speaker (the persona) -> assistant. Text before the blob is the
 * prompt around it (kept as a system message); text after `### END CONVERSATION ###` is the
 * current human message, absent on a heartbeat.
 */
import { diagnostic, type Diagnostic, type StageResult } from '../../diagnostics.ts';
import type { Conversation, Message } from '../../ir.ts';
import type { PreparedInput } from '../../input/prepare.ts';

export const startMarker = '### RECENT CONVERSATION ###';
export const endMarker = '### END CONVERSATION ###';
/** A speaker line: a short name, a colon, a space. */
export const speakerLine = /^([A-Za-z][\w .'’-]{0,40}):(?: |$)/;
export const humanSpeaker = 'Human';

interface Turn {
  speaker: string;
  start: number;
  textStart: number;
  lines: string[];
  end: number;
}

export function parseEiTranscript(input: PreparedInput): StageResult<Conversation> {
  const text = input.cleaned;
  const diagnostics: Diagnostic[] = [];
  const start = text.indexOf(startMarker);
  const bodyStart = start === -1 ? 0 : start + startMarker.length;
  const end = text.indexOf(endMarker, bodyStart);
  const bodyEnd = end === -1 ? text.length : end;
  if (start === -1) {
    diagnostics.push(
      diagnostic(
        'ei/markers',
        'info',
        `No "${startMarker}" marker; the whole text was read as the conversation.`,
        { start: 0, end: 0 },
      ),
    );
  } else if (end === -1) {
    diagnostics.push(
      diagnostic('ei/markers', 'warning', `"${startMarker}" is never closed by "${endMarker}".`, {
        start,
        end: bodyStart,
      }),
    );
  }

  const conversation: Conversation = { messages: [] };
  const preamble = start === -1 ? '' : text.slice(0, start);
  if (preamble.trim()) {
    const offset = preamble.length - preamble.trimStart().length;
    conversation.messages.push({
      role: 'system',
      parts: [
        { type: 'text', text: preamble.trim(), range: { start: offset, end: preamble.trimEnd().length } },
      ],
      range: { start: offset, end: preamble.trimEnd().length },
    });
  }

  const turns = readTurns(text, bodyStart, bodyEnd, diagnostics);
  const personas = new Set<string>();
  const speakers = new Map<Message, string>();
  for (const turn of turns) {
    const isHuman = turn.speaker === humanSpeaker;
    if (!isHuman) personas.add(turn.speaker);
    const body = turn.lines.join('\n').trim();
    if (body === '')
      diagnostics.push(
        diagnostic('content/empty', 'warning', `${turn.speaker} says nothing here.`, {
          start: turn.start,
          end: turn.end,
        }),
      );
    const message: Message = {
      role: isHuman ? 'user' : 'assistant',
      parts: [{ type: 'text', text: body, range: { start: turn.textStart, end: turn.end } }],
      range: { start: turn.start, end: turn.end },
    };
    conversation.messages.push(message);
    if (!isHuman) speakers.set(message, turn.speaker);
  }
  const [persona, ...others] = personas;
  if (persona) conversation.assistantName = persona;
  if (others.length) {
    // Several personas: each message says who spoke. With one, the persona is the conversation's.
    for (const [message, speaker] of speakers) message.name = speaker;
    diagnostics.push(
      diagnostic(
        'ei/personas',
        'info',
        `More than one persona speaks (${[...personas].join(', ')}); all are read as the assistant.`,
        {
          start: bodyStart,
          end: bodyStart,
        },
      ),
    );
  }

  if (end !== -1) {
    const afterStart = end + endMarker.length;
    const after = text.slice(afterStart);
    const trimmed = after.trim();
    if (trimmed) {
      const offset = afterStart + after.length - after.trimStart().length;
      const current = trimmed
        .replace(speakerLine, (_, who: string) => (who === humanSpeaker ? '' : `${who}:`))
        .trim();
      conversation.messages.push({
        role: 'user',
        parts: [{ type: 'text', text: current, range: { start: offset, end: offset + trimmed.length } }],
        range: { start: offset, end: offset + trimmed.length },
      });
    }
  }
  describeEnding(conversation, diagnostics, {
    start: bodyEnd,
    end: Math.min(text.length, bodyEnd + endMarker.length),
  });
  return { value: conversation, diagnostics };
}

function readTurns(text: string, from: number, to: number, diagnostics: Diagnostic[]): Turn[] {
  const turns: Turn[] = [];
  let lineStart = from;
  // Skip the rest of the marker line.
  if (from > 0) lineStart = text.indexOf('\n', from - 1) === -1 ? to : text.indexOf('\n', from - 1) + 1;
  while (lineStart < to) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > to) lineEnd = to;
    const line = text.slice(lineStart, lineEnd).replace(/\r$/, '');
    const speaker = speakerLine.exec(line);
    const current = turns[turns.length - 1];
    if (speaker) {
      const who = speaker[1] ?? '';
      turns.push({
        speaker: who,
        start: lineStart,
        textStart: lineStart + speaker[0].length,
        lines: [line.slice(speaker[0].length)],
        end: lineEnd,
      });
    } else if (current) {
      current.lines.push(line);
      if (line.trim()) current.end = lineEnd;
    } else if (line.trim()) {
      diagnostics.push(
        diagnostic('ei/no-speaker', 'warning', 'A line before any "Speaker:" line; it was left out.', {
          start: lineStart,
          end: lineEnd,
        }),
      );
    }
    lineStart = lineEnd + 1;
  }
  return turns;
}

/** Seed 001's edge cases, said where the conversation ends. */
function describeEnding(
  conversation: Conversation,
  diagnostics: Diagnostic[],
  range: { start: number; end: number },
): void {
  const messages = conversation.messages.filter((m) => m.role !== 'system');
  const last = messages[messages.length - 1];
  if (!last || last.role === 'user') return;
  let trailing = 0;
  for (let i = messages.length - 1; i >= 0 && messages[i]?.role === 'assistant'; i--) trailing++;
  diagnostics.push(
    diagnostic(
      'ei/heartbeat',
      'info',
      trailing > 1
        ? `No new human message, and the persona spoke last ${trailing} times in a row: a heartbeat continuing its own messages.`
        : 'No new human message: a heartbeat (proactive reach-out); the history ends with the persona.',
      range,
    ),
  );
}
