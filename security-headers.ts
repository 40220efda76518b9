/**
 * The HTTP headers the app is served with: `vite preview` sends them, and the build writes them
 * to `dist/_headers` (the format Netlify and Cloudflare Pages read). Any other static host
 * should send the same (README, "Deploying"). Nothing is loaded from elsewhere; images the user
 * asks to see may be remote (img-src https:), and Monaco injects its styles ('unsafe-inline').
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** `dist/_headers`: every path gets every header. */
export function headersFile(): string {
  return `/*\n${Object.entries(securityHeaders)
    .map(([name, value]) => `  ${name}: ${value}`)
    .join('\n')}\n`;
}
