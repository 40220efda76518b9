/**
 * What a permalink would carry that should not travel: provider API keys, bearer tokens and
 * JWTs, e-mail addresses, phone numbers, and long base64 blobs (images, files). Found by
 * pattern, listed for review, replaced only with the user's consent (`redactSecrets`).
 */
import { countText } from '../views/count-text.ts';
export type SecretKind =
  | 'Anthropic key'
  | 'OpenAI key'
  | 'Google API key'
  | 'AWS access key'
  | 'GitHub token'
  | 'Hugging Face token'
  | 'Slack token'
  | 'Stripe key'
  | 'Groq key'
  | 'xAI key'
  | 'bearer token'
  | 'JWT'
  | 'e-mail address'
  | 'phone number'
  | 'base64 blob';

export interface SecretFinding {
  kind: SecretKind;
  start: number;
  end: number;
  /** The first and last characters only: the review never shows a whole key again. */
  preview: string;
}

// Order matters: a more specific pattern claims its span before a general one can.
const patterns: ReadonlyArray<readonly [SecretKind, RegExp]> = [
  ['Anthropic key', /sk-ant-[A-Za-z0-9_-]{20,}/g],
  ['OpenAI key', /sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g],
  ['Google API key', /AIza[0-9A-Za-z_-]{35}/g],
  ['AWS access key', /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})/g],
  ['Hugging Face token', /\bhf_[A-Za-z0-9]{30,}/g],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}/g],
  ['Stripe key', /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{20,}/g],
  ['Groq key', /\bgsk_[A-Za-z0-9]{40,}/g],
  ['xAI key', /\bxai-[A-Za-z0-9]{40,}/g],
  ['JWT', /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g],
  ['bearer token', /\bBearer\s+[A-Za-z0-9._~+/=-]{16,}/g],
  ['e-mail address', /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g],
  ['phone number', /(?<![\w.:-])\+?\(?\d[\d ().-]{7,}\d(?![\w:-]|\.\d)/g],
  ['base64 blob', /[A-Za-z0-9+/]{200,}={0,2}/g],
];

export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  const taken = (start: number, end: number) => found.some((f) => start < f.end && end > f.start);
  for (const [kind, pattern] of patterns) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (kind === 'phone number' && !looksLikePhone(match[0])) continue;
      if (taken(start, end)) continue;
      found.push({ kind, start, end, preview: preview(match[0]) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** 9 to 15 digits, written with a leading + or separators, and not a date. */
function looksLikePhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  if (digits < 9 || digits > 15) return false;
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  return value.startsWith('+') || /[ ().-]/.test(value);
}

function preview(value: string): string {
  return value.length <= 12 ? `${value.slice(0, 3)}…` : `${value.slice(0, 6)}…${value.slice(-4)}`;
}

/** Each finding of a chosen kind replaced by a marker that says what was there; JSON stays JSON. */
export function redactSecrets(
  text: string,
  findings: readonly SecretFinding[],
  kinds: ReadonlySet<SecretKind> = new Set(findings.map((f) => f.kind)),
): string {
  let out = '';
  let at = 0;
  for (const finding of findings) {
    if (!kinds.has(finding.kind)) continue;
    const length = finding.end - finding.start;
    out += text.slice(at, finding.start);
    out +=
      finding.kind === 'base64 blob'
        ? `[redacted base64, ${countText(length)} characters]`
        : `[redacted ${finding.kind}]`;
    at = finding.end;
  }
  return out + text.slice(at);
}
