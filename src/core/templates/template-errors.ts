/**
 * Where in a Jinja template an error is. @huggingface/jinja reports what went wrong but not where,
 * so the template is split into its tags, and each tag is parsed on its own (closed where it
 * opens a block), the blocks matched, and a raised exception found by its message: the first
 * tag that fails is the error's place, with 1-based line and column.
 */
import { Template } from '@huggingface/jinja';

export interface TemplatePosition {
  line: number;
  column: number;
}

interface Tag {
  kind: 'expression' | 'statement';
  start: number;
  /** The tag's source, delimiters included. */
  text: string;
  /** A statement's body: `if x` of `{%- if x %}`. */
  body: string;
}

/** The `{{ }}` and `{% %}` tags of a template (comments skipped), with their offsets. */
export function templateTags(source: string): Tag[] {
  const tags: Tag[] = [];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('{', i);
    if (open === -1 || open + 1 >= source.length) break;
    const kind = source[open + 1];
    if (kind === '#') {
      const end = source.indexOf('#}', open + 2);
      i = end === -1 ? source.length : end + 2;
      continue;
    }
    if (kind !== '{' && kind !== '%') {
      i = open + 1;
      continue;
    }
    const closer = kind === '{' ? '}}' : '%}';
    const end = closingOffset(source, open + 2, closer);
    const stop = end === -1 ? source.length : end + 2;
    const text = source.slice(open, stop);
    const body = text
      .slice(2, end === -1 ? undefined : -2)
      .replace(/^[-+]/, '')
      .replace(/[-+]$/, '')
      .trim();
    tags.push({ kind: kind === '{' ? 'expression' : 'statement', start: open, text, body });
    i = stop;
  }
  return tags;
}

/** The offset of `closer` after `from`, skipping quoted strings (which may hold "%}" or "}}"). */
function closingOffset(source: string, from: number, closer: string): number {
  let quote: string | undefined;
  for (let i = from; i < source.length - 1; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === closer[0] && source[i + 1] === closer[1]) return i;
  }
  return -1;
}

const blockEnds = new Map([
  ['if', 'endif'],
  ['for', 'endfor'],
  ['macro', 'endmacro'],
  ['call', 'endcall'],
  ['filter', 'endfilter'],
  ['generation', 'endgeneration'],
]);

function parses(text: string): string | undefined {
  try {
    new Template(text);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The first tag that does not parse, or the block left open or closed wrongly; undefined when every tag is sound. */
export function locateSyntaxError(source: string): { offset: number; message: string } | undefined {
  const open: Array<{ keyword: string; tag: Tag }> = [];
  for (const tag of templateTags(source)) {
    if (!tag.text.endsWith('}}') && !tag.text.endsWith('%}'))
      return {
        offset: tag.start,
        message: `this tag is never closed with "${tag.kind === 'expression' ? '}}' : '%}'}"`,
      };
    if (tag.kind === 'expression') {
      const error = parses(tag.text);
      if (error) return { offset: tag.start, message: error };
      continue;
    }
    const keyword = /^[a-z_]+/.exec(tag.body)?.[0] ?? '';
    const end = blockEnds.get(keyword);
    const isBlockSet = keyword === 'set' && !tag.body.includes('=');
    let probe: string | undefined;
    if (end) probe = `${tag.text}{% ${end} %}`;
    else if (isBlockSet) probe = `${tag.text}{% endset %}`;
    else if (keyword === 'elif') probe = `{% if true %}${tag.text}{% endif %}`;
    else if (keyword === 'set') probe = tag.text;
    if (probe) {
      const error = parses(probe);
      if (error) return { offset: tag.start, message: error };
    }
    if (end || isBlockSet) open.push({ keyword: end ? keyword : 'set', tag });
    else if (keyword.startsWith('end')) {
      const last = open.pop();
      const expected = last ? (blockEnds.get(last.keyword) ?? 'endset') : undefined;
      if (expected !== keyword)
        return {
          offset: tag.start,
          message: last
            ? `{% ${keyword} %} closes the {% ${last.keyword} %} at line ${positionOf(source, last.tag.start).line}, which needs {% ${expected} %}`
            : `{% ${keyword} %} closes no open block`,
        };
    } else if (
      (keyword === 'elif' || keyword === 'else') &&
      !open.some((o) => o.keyword === 'if' || o.keyword === 'for')
    )
      return { offset: tag.start, message: `{% ${keyword} %} outside an {% if %}` };
  }
  const unclosed = open.pop();
  if (unclosed)
    return {
      offset: unclosed.tag.start,
      message: `{% ${unclosed.keyword} %} is never closed (expected {% ${blockEnds.get(unclosed.keyword) ?? 'endset'} %})`,
    };
  return undefined;
}

/** The raise_exception call that raised `message`, found by its string argument. */
export function locateRaise(source: string, message: string): number | undefined {
  for (const tag of templateTags(source)) {
    const call = /raise_exception\(\s*(["'])((?:\\.|(?!\1).)*)\1\s*\)/.exec(tag.text);
    if (call && unescape(call[2] ?? '') === message) return tag.start + call.index;
  }
  return undefined;
}

function unescape(literal: string): string {
  return literal.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

export function positionOf(source: string, offset: number): TemplatePosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
