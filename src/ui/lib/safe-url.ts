/**
 * Untrusted URLs from pasted input: only http(s), and data: URLs of images or audio, are ever
 * given to an <img> or <audio>; everything else (javascript:, file:, blob:…) is shown as text only.
 */
export type MediaKind = 'image' | 'audio';

export function loadableMediaUrl(url: string, kind: MediaKind): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href;
  if (
    parsed.protocol === 'data:' &&
    new RegExp(`^data:${kind}/[\\w.+-]+(;[\\w=.-]+)*(;base64)?,`, 'i').test(url)
  )
    return url;
  return undefined;
}
