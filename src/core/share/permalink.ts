/**
 * The whole shared state in a URL fragment (never sent to a server): JSON, deflated with
 * fflate, base64url, behind a version tag: `#cl1.<payload>`. Validated with zod on the way
 * in, with a cap on the decompressed size, so a hostile link (garbage, a truncated copy, a
 * decompression bomb, wrong types) is a message, never a crash or a hang.
 */
import { promptOptionsSchema } from '../templates/options.ts';
import { deflateSync, Inflate } from 'fflate';
import { z } from 'zod';

export const permalinkVersion = 1;
const prefix = `cl${permalinkVersion}.`;

/** A link longer than this will not survive most chat tools and issue trackers. */
export const chatSafeLength = 2000;
/** Decompressed state larger than this is refused (a 10,000-message transcript is ~5 MB). */
export const maxStateBytes = 32 * 1024 * 1024;
/** Fragments longer than this are not written to the address bar (browsers cap URLs at ~2 MB). */
export const maxAddressBarLength = 512 * 1024;
/**
 * The address bar follows the work (after each pause in typing) while its fragment is this
 * short: in Chromium `history.replaceState` took 12–43 ms for 32 KB, 66–193 ms for 128 KB and
 * 152–354 ms for 512 KB, one task of the page each time (measured). A longer state is shared
 * from the Share menu.
 */
export const maxFollowedLength = 32 * 1024;

export const diffStateSchema = z.object({
  mode: z.enum(['formats', 'versions']),
  left: z.string().max(64),
  right: z.string().max(64),
  /** The other input of a version diff, when it is not the current one. */
  otherText: z.string().optional(),
});
export type DiffState = z.infer<typeof diffStateSchema>;

const fraction = z.number().min(0.15).max(0.85);

export const sharedStateSchema = z.object({
  v: z.literal(permalinkVersion),
  text: z.string(),
  format: z.string().max(64).optional(),
  model: z.string().max(64).optional(),
  pruneLimit: z.number().positive().max(100_000_000).optional(),
  /** For a dataset: the 0-based record shown. */
  record: z.number().int().nonnegative().max(10_000_000).optional(),
  /** For a session: the 0-based request shown (the last when absent) and the sub-agent thread. */
  request: z.number().int().nonnegative().max(10_000_000).optional(),
  thread: z.string().max(200).optional(),
  /** How the Prompt view renders (the chat template, its switches, the pinned date). */
  prompt: promptOptionsSchema.optional(),
  view: z
    .object({
      nativeFlavour: z.enum(['openai', 'anthropic']).optional(),
      maximized: z.enum(['console', 'native', 'multimodal', 'tokens', 'session', 'prompt']).optional(),
      /** The third view of the grid: the multimodal message or the rendered prompt. */
      third: z.enum(['multimodal', 'prompt']).optional(),
      workspace: z.enum(['inspect', 'diff']).optional(),
      /** Divider positions of the inspect layout (fractions). */
      splits: z
        .object({ editor: fraction, rows: fraction, top: fraction, bottom: fraction })
        .partial()
        .optional(),
      /** The problems list is folded. */
      problemsFolded: z.boolean().optional(),
    })
    .optional(),
  diff: diffStateSchema.optional(),
});
export type SharedState = z.infer<typeof sharedStateSchema>;

export type DecodeResult = { ok: true; state: SharedState } | { ok: false; reason: string };

export function encodeState(state: SharedState): string {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return prefix + toBase64Url(deflateSync(json, { level: 9 }));
}

export function decodeState(fragment: string): DecodeResult {
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const version = /^cl(\d+)\./.exec(body);
  if (!version)
    return { ok: false, reason: 'This is not a Context Lens link (its fragment has no version tag).' };
  if (Number(version[1]) !== permalinkVersion) {
    return {
      ok: false,
      reason: `This link was made by format version ${version[1]}; this Context Lens reads version ${permalinkVersion}.`,
    };
  }
  const bytes = fromBase64Url(body.slice(version[0].length));
  if (!bytes) return { ok: false, reason: 'This link is damaged: its data is not base64url.' };
  const inflated = inflateCapped(bytes, maxStateBytes);
  if (!inflated.ok) return inflated;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated.data));
  } catch {
    return { ok: false, reason: 'This link is damaged: its data does not decode to JSON.' };
  }
  const parsed = sharedStateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `This link's state is not valid: ${issue?.path.join('.') || 'state'}: ${issue?.message ?? 'wrong shape'}.`,
    };
  }
  return { ok: true, state: parsed.data };
}

function inflateCapped(
  bytes: Uint8Array,
  cap: number,
): { ok: true; data: Uint8Array } | { ok: false; reason: string } {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let tooBig = false;
  let ended = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > cap) {
      tooBig = true;
      // Stop inflating: fflate checks for errors between chunks, so a throw here ends the push.
      throw new Error('cap');
    }
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    inflater.push(bytes, true);
  } catch {
    if (tooBig)
      return { ok: false, reason: `This link would expand past ${cap / 1024 / 1024} MB; it was not opened.` };
    return { ok: false, reason: 'This link is damaged or cut short: its data does not decompress.' };
  }
  if (!ended) return { ok: false, reason: 'This link is cut short: its data ends too early.' };
  const data = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    data.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, data };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

/** A share file: the same payload as the link, for states too long to paste into a chat. */
export const shareFileSchema = z.object({ contextLens: z.literal('share'), link: z.string() });

export function shareFile(state: SharedState): string {
  return shareFileFor(encodeState(state));
}

/** The state in a share file's text, or undefined when the text is not a share file. */
export function readShareFile(text: string): DecodeResult | undefined {
  if (!/^\s*\{\s*"contextLens"\s*:\s*"share"/.test(text)) return undefined;
  try {
    const file = shareFileSchema.safeParse(JSON.parse(text));
    return file.success ? decodeState(file.data.link) : { ok: false, reason: 'This share file is damaged.' };
  } catch {
    return { ok: false, reason: 'This share file is damaged.' };
  }
}

/** A share file for an already encoded fragment (the worker encodes; the page only wraps it). */
export function shareFileFor(fragment: string): string {
  return `${JSON.stringify({ contextLens: 'share', link: fragment }, null, 2)}\n`;
}
