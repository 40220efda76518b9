/** The contract every format implements (STYLE.md 2). One file or folder per format, one line in index.ts. */
import type { Conversation } from '../ir.ts';
import type { SerializeResult, StageResult } from '../diagnostics.ts';
import type { PreparedInput } from '../input/prepare.ts';
import type { SessionRead } from '../session/session.ts';
import { isRecord } from './shared/validate.ts';

export interface Detection {
  /** 0 = certainly not this format, 1 = certainly this format. */
  score: number;
  /** Why, in words a user reads next to the score. */
  reason: string;
}

export interface FormatCodec<Id extends string = string> {
  readonly id: Id;
  readonly label: string;
  /** json codecs read `input.json`; text codecs read `input.cleaned`. */
  readonly kind: 'json' | 'text';
  /** File extension for downloads of serialized output. */
  readonly extension: 'json' | 'jsonl' | 'txt';
  /**
   * For a provider API's request body: the top-level fields its API accepts. A field another
   * format carried that is not among them is listed as a loss when converting to this format.
   */
  readonly requestFields?: readonly string[];
  detect(input: PreparedInput): Detection;
  parse(input: PreparedInput, options?: ParseOptions): StageResult<Conversation>;
  serialize(conversation: Conversation): SerializeResult;
  /** For an agent's session: the whole session, request by request (`parse` gives one request of it). */
  session?(input: PreparedInput): SessionRead;
}

export interface ParseOptions {
  /** For inputs holding several conversations (a dataset), the 0-based one to read. */
  record?: number;
  /**
   * The caller reads no range (a read-back compared by content): a message read before may come
   * back with the ranges of that reading instead of a copy with its ranges moved.
   */
  rangesUnused?: boolean;
}

/** Keeps the literal id type so the registry can derive `FormatId`. */
export function defineCodec<const Id extends string>(codec: FormatCodec<Id>): FormatCodec<Id> {
  return codec;
}

export const notThisFormat = (reason: string): Detection => ({ score: 0, reason });

export function clampScore(score: number): number {
  return Math.max(0, Math.min(1, Math.round(score * 100) / 100));
}

/** The object entries of a list to judge a format by; the last entry of a truncated paste is incomplete, so it is left out. */
export function completeEntries(
  list: readonly unknown[],
  input: PreparedInput,
): Array<Record<string, unknown>> {
  return (input.partial ? list.slice(0, -1) : list).filter(isRecord);
}
