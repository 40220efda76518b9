/**
 * Image token costs against the providers' worked examples:
 *  - OpenAI, "Images and vision" guide (calculating costs): 1024×1024 high = 765, 2048×4096 high
 *    = 1105, 4096×8192 low = 85; patch models: 1024×1024 = 1024 patches, 1800×2400 = 1452
 *    patches, times 1.62 (gpt-4.1-mini), 2.46 (gpt-4.1-nano), 1.72 (o4-mini).
 *  - Anthropic, "Vision" guide: tokens ≈ width × height / 750; 200×200 ≈ 54, 1000×1000 ≈ 1334,
 *    1092×1092 ≈ 1590; images whose long edge exceeds 1568 px are scaled down first.
 *  - Google, "Understand and count tokens": both sides ≤ 384 px = 258; larger images are tiled
 *    in 768×768 tiles of 258 each.
 */
import { describe, expect, it } from 'vitest';
import type { PartOf } from '../ir.ts';
import { header1234x567 } from '../testing/images.ts';
import { anthropicScale, imageTokens, openaiPatches, openaiTiles, type ImageCost } from './image-cost.ts';

function png(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}
const image = (fields: Partial<PartOf<'image'>>): PartOf<'image'> =>
  ({ type: 'image', ...fields }) as PartOf<'image'>;
const gpt4o: ImageCost = { scheme: 'openai-tiles', base: 85, tile: 170 };

describe('OpenAI tiles', () => {
  it.each([
    [1024, 1024, 4],
    [2048, 4096, 6],
    [512, 512, 1],
    [513, 512, 2],
    [768, 768, 4],
    [4096, 2048, 6],
    [1000, 100, 2],
    [2049, 10, 4],
  ])('%i×%i is %i tiles', (width, height, tiles) => {
    expect(openaiTiles({ width, height })).toBe(tiles);
  });

  it("the guide's examples, from the image's header", () => {
    expect(imageTokens(image({ url: png(1024, 1024), detail: 'high' }), gpt4o)).toEqual({
      tokens: 765,
      exact: true,
      note: '1024×1024 png; high detail, 4 tiles × 170 + 85',
    });
    expect(imageTokens(image({ url: png(2048, 4096), detail: 'high' }), gpt4o).tokens).toBe(1105);
  });

  it('low detail is the base whatever the size, exact even unread', () => {
    expect(imageTokens(image({ url: png(4096, 8192), detail: 'low' }), gpt4o)).toEqual({
      tokens: 85,
      exact: true,
      note: 'low detail: 85',
    });
    expect(imageTokens(image({ url: 'https://example.com/a.png', detail: 'low' }), gpt4o).exact).toBe(true);
  });

  it('detail "auto" (or none) assumes high and says so: an estimate', () => {
    const part = imageTokens(image({ url: png(1024, 1024) }), gpt4o);
    expect(part).toMatchObject({ tokens: 765, exact: false });
    expect(part.note).toMatch(/the model may pick low/);
    expect(imageTokens(image({ url: png(1024, 1024), detail: 'auto' }), gpt4o).exact).toBe(false);
  });

  it('an unread size is an estimate naming what it assumed', () => {
    expect(imageTokens(image({ url: 'https://example.com/a.png', detail: 'high' }), gpt4o)).toEqual({
      tokens: 765,
      exact: false,
      note: 'a remote image, not fetched: assumed 1024×1024; high detail, 4 tiles × 170 + 85',
    });
    const unreadable = imageTokens(image({ data: 'SGVsbG8=', detail: 'high' }), gpt4o);
    expect(unreadable.exact).toBe(false);
    expect(unreadable.note).toMatch(/^inline data whose size could not be read: assumed 1024×1024/);
  });

  it('inline data wins over a URL', () => {
    const part = imageTokens(
      image({ data: header1234x567.gif, url: 'https://example.com/a.png', detail: 'high' }),
      gpt4o,
    );
    // 1234×567 → no side over 2048, shortest 567 ≤ 768: 3 × 2 tiles.
    expect(part).toMatchObject({ tokens: 85 + 170 * 6, exact: true });
    expect(part.note).toMatch(/^1234×567 gif/);
  });
});

describe('OpenAI patches', () => {
  it.each([
    [1024, 1024, 1024],
    [1800, 2400, 1452],
    [32, 32, 1],
    [33, 32, 2],
    [1536 * 32, 32, 1536],
  ])('%i×%i is %i patches', (width, height, patches) => {
    expect(openaiPatches({ width, height })).toBe(patches);
  });

  it.each([
    [1.62, 2353],
    [2.46, 3572],
    [1.72, 2498],
  ])('1800×2400 at ×%f is ceil(1452 × it) = %i', (multiplier, tokens) => {
    expect(imageTokens(image({ url: png(1800, 2400) }), { scheme: 'openai-patches', multiplier })).toEqual({
      tokens,
      exact: true,
      note: `1800×2400 png; 1452 patches of 32 px × ${multiplier}`,
    });
  });
});

describe('Anthropic', () => {
  it.each([
    [200, 200, 54],
    [1000, 1000, 1334],
    [1092, 1092, 1590],
  ])('%i×%i ≈ %i tokens, always an estimate', (width, height, tokens) => {
    expect(imageTokens(image({ data: png(width, height).split(',')[1] }), { scheme: 'anthropic' })).toEqual({
      tokens,
      exact: false,
      note: `${width}×${height} png; about ${width}×${height} / 750 (Anthropic's formula)`,
    });
  });

  it('scales the long edge to 1568 and the area to about 1,600 tokens', () => {
    expect(anthropicScale({ width: 3136, height: 100 })).toEqual({ width: 1568, height: 50 });
    expect(anthropicScale({ width: 100, height: 3136 })).toEqual({ width: 50, height: 1568 });
    const square = anthropicScale({ width: 1500, height: 1500 });
    expect(square.width * square.height).toBeLessThanOrEqual(1600 * 750 + 1500);
    expect(square.width).toBe(1095);
    expect(anthropicScale({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });
});

describe('Gemini', () => {
  it('258 when both sides are at most 384 px, exact', () => {
    expect(imageTokens(image({ url: png(384, 384) }), { scheme: 'gemini-tiles' })).toEqual({
      tokens: 258,
      exact: true,
      note: '384×384 png; both sides ≤ 384 px: 258',
    });
  });
  it('258 per 768 px tile above that, an estimate', () => {
    expect(imageTokens(image({ url: png(385, 384) }), { scheme: 'gemini-tiles' })).toMatchObject({
      tokens: 258,
      exact: false,
    });
    expect(imageTokens(image({ url: png(1536, 769) }), { scheme: 'gemini-tiles' })).toMatchObject({
      tokens: 258 * 4,
      exact: false,
    });
  });
  it('Gemini 3 charges a fixed budget per image whatever its size', () => {
    expect(
      imageTokens(image({ url: 'https://example.com/x.jpg' }), { scheme: 'gemini-fixed', tokens: 1120 }),
    ).toEqual({ tokens: 1120, exact: true, note: 'default media resolution: 1120 per image' });
  });
});
