import { describe, expect, it } from 'vitest';
import { loadableMediaUrl } from './safe-url.ts';

describe('loadableMediaUrl', () => {
  it.each([
    ['https://example.com/a.png', 'image', 'https://example.com/a.png'],
    ['http://example.com/a.mp3', 'audio', 'http://example.com/a.mp3'],
    ['data:image/png;base64,iVBORw0KGgo=', 'image', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:audio/mpeg;base64,SUQz', 'audio', 'data:audio/mpeg;base64,SUQz'],
  ] as const)('loads %s', (url, kind, expected) => {
    expect(loadableMediaUrl(url, kind)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'image'],
    ['data:text/html,<script>alert(1)</script>', 'image'],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'audio'],
    ['file:///etc/passwd', 'image'],
    ['blob:https://example.com/1', 'image'],
    ['not a url', 'image'],
    ['//example.com/a.png', 'image'],
  ] as const)('refuses %s', (url, kind) => {
    expect(loadableMediaUrl(url, kind)).toBeUndefined();
  });
});
