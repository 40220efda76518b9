/** zod at the boundary: wire-shape validation whose issues become positioned diagnostics. */
import type { z } from 'zod';
import { stringifyJson } from '../../input/json-number.ts';
import { diagnostic, type Diagnostic, type Severity } from '../../diagnostics.ts';
import { nodeAtPath, rangeOf, type JsonNode } from '../../input/json-tree.ts';

export function validateAt<T>(
  schema: z.ZodType<T>,
  value: unknown,
  node: JsonNode | undefined,
  rule: string,
  diagnostics: Diagnostic[],
  severity: Severity = 'error',
): T | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues.slice(0, 5)) {
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    diagnostics.push(
      diagnostic(rule, severity, `${where}${issue.message}`, rangeOf(nodeAtPath(node, issue.path))),
    );
  }
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string: for the many optional string fields of wire formats. */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Fields of `record` not in `known`, for `extra` (kept, and reported as a loss where a target can't hold them). */
export function extraFields(
  record: Record<string, unknown>,
  known: readonly string[],
): Record<string, unknown> | undefined {
  let extra: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(record)) {
    if (known.includes(key)) continue;
    (extra ??= {})[key] = value;
  }
  return extra;
}

export function toJson(value: unknown): string {
  return stringifyJson(value, 2);
}
