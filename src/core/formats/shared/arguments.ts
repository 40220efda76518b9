import { stringifyJson } from '../../input/json-number.ts';
import { readJson } from '../../input/json-value.ts';

/** Tool-call arguments: OpenAI and Suna send a JSON string (seed 003, gotcha 2); others send an object. */
export interface ParsedArguments {
  value: unknown;
  raw: string;
  valid: boolean;
  /** Why `raw` could not be read, when it could not. */
  problem?: string;
}

export function parseArgumentString(raw: string): ParsedArguments {
  if (raw.trim() === '') return { value: {}, raw, valid: true };
  const read = readJson(raw);
  return read.ok
    ? { value: read.value, raw, valid: true }
    : { value: undefined, raw, valid: false, problem: read.message };
}

export function argumentsFromValue(value: unknown): ParsedArguments {
  return { value, raw: stringifyJson(value ?? {}), valid: true };
}

/** The arguments as an object for formats that want one (Anthropic input, Forge, Aya). */
export function argumentsObject(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args)
    ? (args as Record<string, unknown>)
    : {};
}
