/** Tool-call arguments: OpenAI and Suna send a JSON string (seed 003, gotcha 2); others send an object. */
export interface ParsedArguments {
  value: unknown;
  raw: string;
  valid: boolean;
}

export function parseArgumentString(raw: string): ParsedArguments {
  if (raw.trim() === '') return { value: {}, raw, valid: true };
  try {
    return { value: JSON.parse(raw), raw, valid: true };
  } catch {
    return { value: undefined, raw, valid: false };
  }
}

export function argumentsFromValue(value: unknown): ParsedArguments {
  return { value, raw: JSON.stringify(value ?? {}), valid: true };
}

/** The arguments as an object for formats that want one (Anthropic input, Forge, Aya). */
export function argumentsObject(args: unknown): Record<string, unknown> {
  return typeof args === 'object' && args !== null && !Array.isArray(args)
    ? (args as Record<string, unknown>)
    : {};
}
