/**
 * Width and height from the header of an inline image (PNG, JPEG, GIF, WebP), so its token
 * cost can follow the provider's formula instead of a guess. Reads only the bytes it needs:
 * a few dozen for PNG, GIF and WebP; for JPEG up to the frame header, which follows the
 * metadata segments.
 */
export interface ImageSize {
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'gif' | 'webp';
}

/** Base64 (or a `data:` URL holding it) → the image's size, or undefined when it is not one of the four formats. */
export function imageSizeOfBase64(data: string): ImageSize | undefined {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  const base64 = data.slice(comma + 1).replace(/\s+/g, '');
  // PNG, GIF and WebP need the first 30 bytes; JPEG's frame header can follow ~64 kB of EXIF.
  for (const length of [64, 96 * 1024, base64.length]) {
    const bytes = decodeBase64Prefix(base64, length);
    if (!bytes) return undefined;
    const size = sizeFromBytes(bytes);
    if (size !== 'need-more') return size;
    if (length >= base64.length) return undefined;
  }
  return undefined;
}

function decodeBase64Prefix(base64: string, length: number): Uint8Array | undefined {
  const usable = base64.slice(0, Math.min(base64.length, length) - (Math.min(base64.length, length) % 4));
  try {
    const binary = atob(usable.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return undefined;
  }
}

export function sizeFromBytes(b: Uint8Array): ImageSize | undefined | 'need-more' {
  const u16be = (i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
  const u16le = (i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
  const u24le = (i: number) => u16le(i) | ((b[i + 2] ?? 0) << 16);
  const u32be = (i: number) => u16be(i) * 65536 + u16be(i + 2);
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  if (b.length < 4) return 'need-more';

  if (b[0] === 0x89 && ascii(1, 3) === 'PNG') {
    if (b.length < 24) return 'need-more';
    return { format: 'png', width: u32be(16), height: u32be(20) };
  }
  if (ascii(0, 4) === 'GIF8') {
    if (b.length < 10) return 'need-more';
    return { format: 'gif', width: u16le(6), height: u16le(8) };
  }
  if (ascii(0, 4) === 'RIFF') {
    if (b.length < 30) return 'need-more';
    if (ascii(8, 4) !== 'WEBP') return undefined;
    const chunk = ascii(12, 4);
    if (chunk === 'VP8X') return { format: 'webp', width: u24le(24) + 1, height: u24le(27) + 1 };
    if (chunk === 'VP8L')
      return {
        format: 'webp',
        width: 1 + (u16le(21) & 0x3fff),
        height: 1 + (((u16le(22) >> 6) | ((b[24] ?? 0) << 10)) & 0x3fff),
      };
    if (chunk === 'VP8 ') return { format: 'webp', width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    return undefined;
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to a start-of-frame marker (C0–CF, except C4 DHT, C8 JPG and CC DAC).
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1] ?? 0;
      if (marker === 0xff) {
        i++;
        continue;
      }
      const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isFrame) return { format: 'jpeg', height: u16be(i + 5), width: u16be(i + 7) };
      i += 2 + u16be(i + 2);
    }
    return 'need-more';
  }
  return undefined;
}
