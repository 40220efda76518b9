import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { allFixtures } from '../testing/fixtures.ts';
import {
  decodeState,
  encodeState,
  maxStateBytes,
  readShareFile,
  shareFile,
  type SharedState,
} from './permalink.ts';

const base: SharedState = { v: 1, text: '[{"role":"user","content":"hi"}]' };
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('permalink round trip', () => {
  it('keeps every field of the state', () => {
    const state: SharedState = {
      v: 1,
      text: 'ünïcødé 😀 \u0000 "quotes" \\ ',
      format: 'forge-messages',
      model: 'claude-sonnet-4',
      pruneLimit: 1234,
      view: { nativeFlavour: 'anthropic', maximized: 'tokens', workspace: 'diff' },
      diff: { mode: 'versions', left: 'version:2', right: 'input', otherText: 'older' },
    };
    expect(decodeState(encodeState(state))).toEqual({ ok: true, state });
  });

  it.each(allFixtures().map((f) => [`${f.formatId}/${f.name}`, f.text]))('round-trips %s', (_, text) => {
    expect(decodeState(`#${encodeState({ v: 1, text })}`)).toEqual({ ok: true, state: { v: 1, text } });
  });

  it('round-trips generated inputs of every size and alphabet', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let n = 0; n < 60; n++) {
      const length = Math.floor(random() ** 3 * 200_000);
      let text = '';
      for (let i = 0; i < length; i++)
        text += String.fromCharCode(
          random() < 0.9 ? 32 + Math.floor(random() * 95) : Math.floor(random() * 0xd7ff),
        );
      expect(decodeState(encodeState({ v: 1, text }))).toEqual({ ok: true, state: { v: 1, text } });
    }
  });

  it('uses only URL-fragment-safe characters', () => {
    expect(encodeState(base)).toMatch(/^cl1\.[A-Za-z0-9_-]+$/);
  });
});

describe('hostile links', () => {
  const reason = (fragment: string) => {
    const result = decodeState(fragment);
    return result.ok ? 'opened' : result.reason;
  };

  it('garbage', () => {
    expect(reason('#hello')).toMatch(/not a Context Lens link/);
    expect(reason('#cl1.%%%')).toMatch(/not base64url/);
    expect(reason('#cl1.AAAAAAAA')).toMatch(/damaged|cut short/);
  });

  it('a truncated copy', () => {
    const link = encodeState({ v: 1, text: 'x'.repeat(5000) + Math.random() });
    expect(reason(link.slice(0, Math.floor(link.length / 2)))).toMatch(/cut short|damaged/);
  });

  it('another version', () => {
    expect(reason('#cl2.abc')).toMatch(/version 2/);
    expect(reason('#cl0.abc')).toMatch(/version 0/);
  });

  it('a decompression bomb is refused at the cap, without inflating it all', () => {
    const bomb = deflateSync(new Uint8Array(maxStateBytes + 1024 * 1024), { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(reason(`cl1.${b64url(bomb)}`)).toMatch(/would expand past 32 MB/);
  });

  it('wrong types', () => {
    const wrong = (value: unknown) =>
      `cl1.${b64url(deflateSync(new TextEncoder().encode(JSON.stringify(value))))}`;
    expect(reason(wrong({ v: 1, text: 42 }))).toMatch(/text/);
    expect(reason(wrong({ v: 1, text: 'a', view: { maximized: '<script>' } }))).toMatch(/view.maximized/);
    expect(reason(wrong(['not', 'an', 'object']))).toMatch(/not valid/);
    expect(reason(`cl1.${b64url(deflateSync(new Uint8Array([0xff, 0xfe, 0x00])))}`)).toMatch(
      /does not decode to JSON/,
    );
  });
});

describe('share files', () => {
  it('carry the same payload as the link', () => {
    expect(readShareFile(shareFile(base))).toEqual({ ok: true, state: base });
  });

  it('are told apart from other input', () => {
    expect(readShareFile('[{"role": "user"}]')).toBeUndefined();
    expect(readShareFile('{"contextLens": "share", "link": 5}')).toEqual({
      ok: false,
      reason: 'This share file is damaged.',
    });
  });
});
