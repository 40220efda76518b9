/** Pure figures behind the token view, kept out of the component so they are tested on their own. */
import type { PartType } from '../../core/ir.ts';
import type { MessageTokens, TokenReport } from '../../core/tokens/count.ts';
import { countText } from '../../core/views/count-text.ts';

export const partColors: Record<PartType | 'overhead', string> = {
  text: 'bg-sky-500',
  'tool-call': 'bg-amber-500',
  'tool-result': 'bg-orange-400',
  image: 'bg-fuchsia-500',
  audio: 'bg-fuchsia-300',
  file: 'bg-fuchsia-300',
  thinking: 'bg-violet-400',
  reference: 'bg-teal-500',
  overhead: 'bg-slate-400',
};

export interface Segment {
  kind: PartType | 'overhead';
  tokens: number;
}

/** A message's bar: its parts merged by type, in a fixed order, then the per-message overhead. */
export function messageSegments(message: MessageTokens): Segment[] {
  const byKind = new Map<Segment['kind'], number>();
  for (const part of message.parts) byKind.set(part.type, (byKind.get(part.type) ?? 0) + part.tokens);
  const order: Array<Segment['kind']> = [
    'text',
    'reference',
    'thinking',
    'tool-call',
    'tool-result',
    'image',
    'audio',
    'file',
  ];
  const segments = order
    .filter((kind) => (byKind.get(kind) ?? 0) > 0)
    .map((kind) => ({ kind, tokens: byKind.get(kind) ?? 0 }));
  if (message.overhead > 0) segments.push({ kind: 'overhead', tokens: message.overhead });
  return segments;
}

export interface BudgetSlice {
  label: string;
  tokens: number;
  color: string;
}

/** The total bar against the context window: system, tools, messages, reserved output, free (never negative). */
export function budgetSlices(report: TokenReport): { slices: BudgetSlice[]; overflow: number } {
  const { system, tools, messages, replyPriming } = report.breakdown;
  const used = system + tools + messages + replyPriming;
  const reserved = Math.min(report.reservedOutput, Math.max(0, report.contextWindow - used));
  const free = Math.max(0, report.contextWindow - used - reserved);
  return {
    slices: [
      { label: 'System', tokens: system, color: 'bg-violet-500' },
      { label: 'Tool definitions', tokens: tools, color: 'bg-amber-500' },
      { label: 'Messages', tokens: messages + replyPriming, color: 'bg-sky-500' },
      {
        label:
          report.reservedOutputFrom === 'request'
            ? "Reserved output (the request's limit)"
            : 'Reserved output (model maximum)',
        tokens: reserved,
        color: 'bg-slate-400',
      },
      { label: 'Free', tokens: free, color: 'bg-transparent' },
    ],
    overflow: Math.max(0, used - report.contextWindow),
  };
}

export function messageTooltip(message: MessageTokens, withForge = false): string {
  const parts = messageSegments(message)
    .map((s) => `${s.kind} ${countText(s.tokens)}`)
    .join(' · ');
  const notes = [...new Set(message.parts.flatMap((p) => (p.note ? [`${p.type}: ${p.note}`] : [])))];
  return [
    `Message ${message.index + 1} (${message.role}): ${countText(message.total)} tokens, ${message.exact ? 'exact' : 'estimate'}`,
    parts,
    ...(withForge ? [`Forge estimate (len/4 + overheads): ${countText(message.forgeEstimate)}`] : []),
    ...notes,
  ].join('\n');
}
