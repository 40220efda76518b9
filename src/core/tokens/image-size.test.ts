/**
 * Image sizes read from real headers (src/core/testing/images.ts: ImageMagick and cwebp output),
 * and from headers built by the formats' specifications where a case needs an exact byte layout.
 */
import { describe, expect, it } from 'vitest';
import { header1234x567 } from '../testing/images.ts';
import { imageSizeOfBase64, sizeFromBytes } from './image-size.ts';

const base64Of = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

describe('real image headers', () => {
  it.each([
    ['gif', 'gif'],
    ['jpegBaseline', 'jpeg'],
    ['jpegProgressive', 'jpeg'],
    ['webpLossy', 'webp'],
    ['webpLossless', 'webp'],
    ['webpExtended', 'webp'],
  ] as const)('%s is 1234×567 %s', (name, format) => {
    expect(imageSizeOfBase64(header1234x567[name])).toEqual({ width: 1234, height: 567, format });
  });

  it('reads a data: URL, with line breaks in its base64 as MIME wraps it', () => {
    const wrapped = header1234x567.gif.replace(/(.{76})/g, '$1\r\n');
    expect(imageSizeOfBase64(`data:image/gif;base64,${wrapped}`)).toEqual({
      width: 1234,
      height: 567,
      format: 'gif',
    });
  });

  it('reads URL-safe base64 (- and _ for + and /)', () => {
    const urlSafe = header1234x567.jpegBaseline.replace(/\+/g, '-').replace(/\//g, '_');
    expect(urlSafe).not.toBe(header1234x567.jpegBaseline);
    expect(imageSizeOfBase64(urlSafe)).toMatchObject({ width: 1234, height: 567 });
  });
});

describe('PNG (IHDR width and height, big-endian, at bytes 16 and 20)', () => {
  const png = (width: number, height: number) => {
    const bytes = new Uint8Array(33);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(bytes.buffer).setUint32(16, width);
    new DataView(bytes.buffer).setUint32(20, height);
    return bytes;
  };
  it('reads sizes that need all four bytes', () => {
    expect(sizeFromBytes(png(70000, 3))).toEqual({ format: 'png', width: 70000, height: 3 });
    expect(sizeFromBytes(png(0x01020304, 0x7fffffff))).toEqual({
      format: 'png',
      width: 0x01020304,
      height: 0x7fffffff,
    });
  });
  it('asks for more bytes when the IHDR is cut', () => {
    expect(sizeFromBytes(png(5, 6).subarray(0, 23))).toBe('need-more');
    expect(sizeFromBytes(png(5, 6).subarray(0, 24))).toEqual({ format: 'png', width: 5, height: 6 });
  });
});

describe('GIF and WebP lengths', () => {
  it('a GIF needs its 10-byte header', () => {
    const gif = bytesOf(header1234x567.gif);
    expect(sizeFromBytes(gif.subarray(0, 9))).toBe('need-more');
    expect(sizeFromBytes(gif.subarray(0, 10))).toEqual({ format: 'gif', width: 1234, height: 567 });
  });
  it('a WebP needs 30 bytes; a RIFF that is not WebP is not an image', () => {
    const webp = bytesOf(header1234x567.webpExtended);
    expect(sizeFromBytes(webp.subarray(0, 29))).toBe('need-more');
    expect(sizeFromBytes(webp.subarray(0, 30))).toMatchObject({ width: 1234, height: 567 });
    const wave = webp.slice(0, 40);
    wave.set([0x57, 0x41, 0x56, 0x45], 8); // "WAVE"
    expect(sizeFromBytes(wave)).toBeUndefined();
    const unknownChunk = webp.slice(0, 40);
    unknownChunk.set([0x41, 0x4e, 0x49, 0x4d], 12); // "ANIM" where the first chunk should be
    expect(sizeFromBytes(unknownChunk)).toBeUndefined();
  });
  it('VP8L carries 14-bit sizes: 16384×16384 is its largest', () => {
    const bytes = new Uint8Array(30);
    bytes.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    bytes.set(
      [...'WEBPVP8L'].map((c) => c.charCodeAt(0)),
      8,
    );
    bytes[20] = 0x2f;
    // width-1 and height-1 = 0x3fff each: 28 one-bits from byte 21.
    bytes.set([0xff, 0xff, 0xff, 0x0f], 21);
    expect(sizeFromBytes(bytes)).toEqual({ format: 'webp', width: 16384, height: 16384 });
  });
  it('VP8X carries 24-bit sizes minus one', () => {
    const bytes = new Uint8Array(30);
    bytes.set([...'RIFF'].map((c) => c.charCodeAt(0)));
    bytes.set(
      [...'WEBPVP8X'].map((c) => c.charCodeAt(0)),
      8,
    );
    bytes.set([0x00, 0x00, 0x01, 0xff, 0xff, 0x00], 24); // 65536 and 65536 (stored 0x010000-1, 0x00ffff)
    expect(sizeFromBytes(bytes)).toEqual({ format: 'webp', width: 65537, height: 65536 });
  });
});

describe('JPEG: the size is in the start-of-frame segment, after any metadata', () => {
  const baseline = bytesOf(header1234x567.jpegBaseline);
  /** The real JPEG with an APP1 segment of `length` bytes spliced in after its SOI marker. */
  const withApp1 = (length: number) => {
    const segment = new Uint8Array(2 + length);
    segment.set([0xff, 0xe1, length >> 8, length & 0xff]);
    const out = new Uint8Array(2 + segment.length + baseline.length - 2);
    out.set(baseline.subarray(0, 2));
    out.set(segment, 2);
    out.set(baseline.subarray(2), 2 + segment.length);
    return out;
  };

  it('skips metadata segments, however many', () => {
    let bytes = baseline;
    for (let i = 0; i < 3; i++) {
      const segment = new Uint8Array([0xff, 0xfe, 0x00, 0x05, 0x61, 0x62, 0x63]); // a COM "abc"
      const next = new Uint8Array(bytes.length + segment.length);
      next.set(bytes.subarray(0, 2));
      next.set(segment, 2);
      next.set(bytes.subarray(2), 2 + segment.length);
      bytes = next;
    }
    expect(sizeFromBytes(bytes)).toEqual({ format: 'jpeg', width: 1234, height: 567 });
  });

  it('reads past 64 kB of EXIF, decoding more of the base64 only when needed', () => {
    expect(imageSizeOfBase64(base64Of(withApp1(65_000)))).toEqual({
      format: 'jpeg',
      width: 1234,
      height: 567,
    });
  });

  it('reads past metadata larger than the 96 kB second look, by decoding it all', () => {
    let bytes = withApp1(65_000);
    const second = new Uint8Array(2 + 65_000);
    second.set([0xff, 0xe2, 65_000 >> 8, 65_000 & 0xff]);
    const joined = new Uint8Array(bytes.length + second.length);
    joined.set(bytes.subarray(0, 2));
    joined.set(second, 2);
    joined.set(bytes.subarray(2), 2 + second.length);
    bytes = joined;
    expect(bytes.length).toBeGreaterThan(130_000);
    expect(imageSizeOfBase64(base64Of(bytes))).toEqual({ format: 'jpeg', width: 1234, height: 567 });
  });

  it('skips fill bytes (0xFF padding) before a marker', () => {
    const padded = new Uint8Array(baseline.length + 3);
    padded.set(baseline.subarray(0, 2));
    padded.set([0xff, 0xff, 0xff], 2);
    padded.set(baseline.subarray(2), 5);
    expect(sizeFromBytes(padded)).toEqual({ format: 'jpeg', width: 1234, height: 567 });
  });

  it('does not take a Huffman table (C4), JPG (C8) or arithmetic table (CC) marker for a frame', () => {
    for (const marker of [0xc4, 0xc8, 0xcc]) {
      const fake = new Uint8Array([0xff, marker, 0x00, 0x08, 0x08, 0x00, 0x10, 0x00, 0x20, 0x03]);
      const bytes = new Uint8Array(2 + fake.length + baseline.length - 2);
      bytes.set(baseline.subarray(0, 2));
      bytes.set(fake, 2);
      bytes.set(baseline.subarray(2), 2 + fake.length);
      expect(sizeFromBytes(bytes)).toEqual({ format: 'jpeg', width: 1234, height: 567 });
    }
  });

  it('reads every other start-of-frame marker, C0 to CF', () => {
    for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]) {
      const bytes = new Uint8Array([
        0xff,
        0xd8,
        0xff,
        marker,
        0x00,
        0x11,
        0x08,
        0x00,
        0x02,
        0x00,
        0x03,
        0x03,
      ]);
      expect(sizeFromBytes(bytes)).toEqual({ format: 'jpeg', width: 3, height: 2 });
    }
  });

  it('a marker where one must be is not a JPEG; a cut header asks for more', () => {
    expect(sizeFromBytes(new Uint8Array([0xff, 0xd8, 0x00, 0xe0, 0, 16, 0, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(sizeFromBytes(baseline.subarray(0, 100))).toBe('need-more');
    expect(imageSizeOfBase64(base64Of(baseline.subarray(0, 100)))).toBeUndefined();
  });
});

describe('what is not an image', () => {
  it.each([
    ['', 'empty'],
    ['AAAA', 'three zero bytes'],
    ['SGVsbG8sIHdvcmxkIQ==', 'text'],
    ['%%%%not base64%%%%', 'not base64'],
    ['data:image/png;base64,', 'an empty data URL'],
  ])('%j (%s) has no size', (data) => {
    expect(imageSizeOfBase64(data)).toBeUndefined();
  });
});
