/** The text a share link carries, as the user chose it: as typed, with secrets redacted, or structure only. */
import { z } from 'zod';
import { loadTokenCounter } from '../tokens/encoder.ts';
import { findSecrets, redactSecrets, type SecretKind } from './secrets.ts';
import { structureOnly } from './structure-only.ts';

export const shareOptionsSchema = z.object({
  /** Kinds of secret to replace (every one found of each kind). */
  redact: z.array(z.string()).optional(),
  /** Replace all text by filler of the same token count (o200k_base). */
  structureOnly: z.boolean().optional(),
});
export type ShareOptions = z.infer<typeof shareOptionsSchema>;

export async function shareableText(text: string, options: ShareOptions = {}): Promise<string> {
  let out = text;
  if (options.redact?.length)
    out = redactSecrets(out, findSecrets(out), new Set(options.redact as SecretKind[]));
  if (options.structureOnly) {
    const counter = await loadTokenCounter('o200k_base');
    out = structureOnly(out, (s) => counter.count(s));
  }
  return out;
}
