/**
 * A rendered prompt as its tokens: each token's id, the text it stands for and whether it is a
 * special token. Special-token strings in a rendered prompt are the template's own control
 * tokens, so here they are read as the single tokens they are (the counts elsewhere read them in
 * pasted text as plain text). A character whose UTF-8 bytes span tokens is given to the token
 * that completes it, so the pieces join to the rendered text.
 */
import type { EncodingName } from './model-preset.ts';
import { loadVocabulary, type Vocabulary } from './vocabularies.ts';

export interface TokenPiece {
  id: number;
  text: string;
  special: boolean;
}

export type PieceEncoder = (text: string) => TokenPiece[];

interface GptEncodingApi {
  encode(text: string, options?: { disallowedSpecial?: Set<string> }): number[];
  decodeGenerator(tokens: Iterable<number>): Generator<string>;
  specialTokensEncoder: Map<string, number>;
}

const gptModules: Partial<Record<EncodingName, () => Promise<{ default: unknown }>>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
  o200k_harmony: () => import('gpt-tokenizer/encoding/o200k_harmony'),
};

const encoders = new Map<EncodingName, Promise<PieceEncoder>>();

export function loadPieceEncoder(encoding: EncodingName): Promise<PieceEncoder> {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    const gpt = gptModules[encoding];
    encoder = gpt
      ? gpt().then((module) => gptPieces(module.default as GptEncodingApi))
      : loadVocabulary(encoding as Parameters<typeof loadVocabulary>[0]).then(vocabularyPieces);
    encoders.set(encoding, encoder);
  }
  return encoder;
}

/**
 * gpt-tokenizer 4.0.0 finds an allowed special token only where its search starts, so the text is
 * split at special tokens here and each plain stretch encoded as text.
 */
function gptPieces(api: GptEncodingApi): PieceEncoder {
  const specials = [...api.specialTokensEncoder.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(specials.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const none = new Set<string>();
  return (text) => {
    const pieces: TokenPiece[] = [];
    const plain = (stretch: string) => {
      if (!stretch) return;
      const ids = api.encode(stretch, { disallowedSpecial: none });
      let i = 0;
      for (const chunk of api.decodeGenerator(ids))
        pieces.push({ id: ids[i++] ?? -1, text: chunk, special: false });
      // decodeGenerator yields once per token; a token that ends mid-character yields "".
      for (; i < ids.length; i++) pieces.push({ id: ids[i] ?? -1, text: '', special: false });
    };
    let last = 0;
    for (const match of text.matchAll(pattern)) {
      plain(text.slice(last, match.index));
      pieces.push({ id: api.specialTokensEncoder.get(match[0]) ?? -1, text: match[0], special: true });
      last = match.index + match[0].length;
    }
    plain(text.slice(last));
    return pieces;
  };
}

/** GPT-2's byte-to-character table, which byte-level BPE vocabularies (Llama 3, Qwen, DeepSeek) spell tokens in. */
const byteOfChar = (() => {
  const map = new Map<string, number>();
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  let extra = 0;
  for (let b = 0; b < 256; b++) map.set(String.fromCharCode(printable(b) ? b : 256 + extra++), b);
  return map;
})();

const utf8 = new TextEncoder();

function vocabularyPieces(vocabulary: Vocabulary): PieceEncoder {
  return (text) => {
    const { ids, tokens } = vocabulary.tokenizer.encode(text, { add_special_tokens: false });
    const decoder = new TextDecoder('utf-8');
    return ids.map((id, i) => {
      const token = tokens[i] ?? '';
      const added = vocabulary.added.get(id);
      if (added) return { id, text: decoder.decode() + token, special: added.special };
      const bytes = vocabulary.byteLevel ? byteLevelBytes(token) : pieceBytes(token);
      return { id, text: decoder.decode(bytes, { stream: true }), special: false };
    });
  };
}

function byteLevelBytes(token: string): Uint8Array {
  const bytes: number[] = [];
  for (const char of token) {
    const byte = byteOfChar.get(char);
    if (byte === undefined) bytes.push(...utf8.encode(char));
    else bytes.push(byte);
  }
  return Uint8Array.from(bytes);
}

/** SentencePiece spelling (Gemma): "▁" for a space, "<0xNN>" for a byte the vocabulary has no piece for. */
function pieceBytes(token: string): Uint8Array {
  const byte = /^<0x([0-9A-Fa-f]{2})>$/.exec(token);
  if (byte) return Uint8Array.of(parseInt(byte[1] ?? '0', 16));
  return utf8.encode(token.replace(/▁/g, ' '));
}
