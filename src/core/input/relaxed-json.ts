/**
 * The JSON-like text people really paste, read with positions: a Python repr (`'single
 * quotes'`, `True`/`False`/`None`, tuples, pprint's wrapped strings `('part one '\n 'part two')`),
 * a JavaScript object literal (unquoted keys, single quotes, trailing commas, comments) and
 * strings holding raw newlines or tabs. It builds the same position tree as jsonc-parser, with
 * offsets into the pasted text, so every later stage reads it as JSON. Iterative: nesting is
 * limited by MAX_JSON_DEPTH, not by the call stack.
 */
import type { JsonNode, Mutable } from './json-tree.ts';
import { MAX_JSON_DEPTH } from './json-value.ts';
import { diagnostic, type Diagnostic } from '../diagnostics.ts';
import { Features, readAdjacentStrings, readString } from './relaxed-strings.ts';

export type RelaxedFeature =
  | 'single-quoted strings'
  | 'template strings'
  | 'Python literals (True, False, None)'
  | 'unquoted keys'
  | 'raw line breaks or tabs inside strings'
  | 'escapes JSON does not have'
  | 'tuples'
  | 'strings written in pieces'
  | 'trailing commas'
  | 'comments';

export interface RelaxedRead {
  root?: JsonNode;
  /** Where reading stopped, when it did: the text is not relaxed JSON either. */
  error?: { offset: number; message: string };
  /** What was forgiven, each with where it first appears. */
  features: Map<RelaxedFeature, number>;
}

type Node = Mutable<JsonNode>;
interface Frame {
  node: Node;
  /** For objects: the property waiting for its value. */
  property?: Node;
  expect: 'key-or-end' | 'colon' | 'value' | 'comma-or-end';
  close: string;
}

const literals = new Map<string, { type: 'boolean' | 'null'; value: boolean | null; python: boolean }>([
  ['true', { type: 'boolean', value: true, python: false }],
  ['false', { type: 'boolean', value: false, python: false }],
  ['null', { type: 'null', value: null, python: false }],
  ['True', { type: 'boolean', value: true, python: true }],
  ['False', { type: 'boolean', value: false, python: true }],
  ['None', { type: 'null', value: null, python: true }],
]);

export function readRelaxedJson(text: string): RelaxedRead {
  const features = new Features();
  const stack: Frame[] = [];
  let root: Node | undefined;
  let i = 0;
  const fail = (message: string, at = i): RelaxedRead => ({ error: { offset: at, message }, features });

  const skipSpace = (): void => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i] ?? '')) i++;
      if (text.startsWith('//', i)) {
        features.at = i;
        features.add('comments');
        while (i < text.length && text[i] !== '\n') i++;
      } else if (text.startsWith('/*', i)) {
        features.at = i;
        features.add('comments');
        const end = text.indexOf('*/', i + 2);
        i = end === -1 ? text.length : end + 2;
      } else return;
    }
  };

  /** Attaches a finished value to its container (or makes it the root). */
  const place = (node: Node): string | undefined => {
    const top = stack.at(-1);
    if (!top) {
      if (root) return 'Text after the value';
      root = node;
      return undefined;
    }
    if (top.expect !== 'value')
      return top.node.type === 'object' ? 'A key is expected here' : 'A comma is expected here';
    if (top.node.type === 'object') {
      const property = top.property as Node;
      node.parent = property;
      property.children?.push(node);
      property.length = node.offset + node.length - property.offset;
    } else {
      node.parent = top.node;
      top.node.children?.push(node);
    }
    top.expect = 'comma-or-end';
    return undefined;
  };

  while (true) {
    skipSpace();
    if (i >= text.length) break;
    features.at = i;
    const c = text[i] as string;
    const top = stack.at(-1);

    if (top && (c === '}' || c === ']' || c === ')')) {
      if (c !== top.close) return fail(`"${top.close}" is expected here`);
      if (top.expect === 'colon' || (top.expect === 'value' && top.node.type === 'object'))
        return fail('A value is expected here');
      if (top.expect === 'key-or-end' || top.expect === 'value') {
        if ((top.node.children?.length ?? 0) > 0) features.add('trailing commas');
      }
      i++;
      stack.pop();
      top.node.length = i - top.node.offset;
      const problem = place(top.node);
      if (problem) return fail(problem, top.node.offset);
      continue;
    }
    if (top && c === ',') {
      if (top.expect !== 'comma-or-end') return fail('A value is expected before this comma');
      top.expect = top.node.type === 'object' ? 'key-or-end' : 'value';
      i++;
      continue;
    }
    if (top && c === ':') {
      if (top.expect !== 'colon') return fail('Unexpected colon');
      top.expect = 'value';
      i++;
      continue;
    }

    // A key of an object.
    if (top?.node.type === 'object' && top.expect === 'key-or-end') {
      const start = i;
      let key: string | undefined;
      if (c === '"' || c === "'" || c === '`') {
        const read = readString(text, i, features);
        if ('error' in read) return fail(read.error, read.at);
        key = read.value;
        i = read.end;
      } else {
        const match = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 256));
        if (!match) return fail('A property name is expected here');
        features.add('unquoted keys');
        key = match[0];
        i += key.length;
      }
      const keyNode: Node = { type: 'string', offset: start, length: i - start, value: key };
      const property: Node = {
        type: 'property',
        offset: start,
        length: i - start,
        children: [keyNode],
        parent: top.node,
      };
      keyNode.parent = property;
      top.node.children?.push(property);
      top.property = property;
      top.expect = 'colon';
      continue;
    }
    if (top && top.expect !== 'value' && !(top.node.type !== 'object' && top.expect === 'key-or-end'))
      return fail(top.expect === 'colon' ? 'A colon is expected here' : 'A comma is expected here');

    // A value.
    if (c === '{' || c === '[' || c === '(') {
      if (stack.length >= MAX_JSON_DEPTH) return fail(`Nested deeper than ${MAX_JSON_DEPTH} levels`);
      // pprint wraps a long string as adjacent literals in parentheses: one string.
      if (c === '(') {
        const joined = readAdjacentStrings(text, i, features);
        if (joined) {
          const problem = place({ type: 'string', offset: i, length: joined.end - i, value: joined.value });
          if (problem) return fail(problem);
          i = joined.end;
          continue;
        }
        features.add('tuples');
      }
      const node: Node = { type: c === '{' ? 'object' : 'array', offset: i, length: 1, children: [] };
      stack.push({
        node,
        expect: c === '{' ? 'key-or-end' : 'value',
        close: c === '{' ? '}' : c === '[' ? ']' : ')',
      });
      if (c !== '{') (stack.at(-1) as Frame).expect = 'value';
      i++;
      continue;
    }
    const start = i;
    let node: Node;
    if (c === '"' || c === "'" || c === '`') {
      let value = '';
      let end = i;
      // Adjacent literals ('a' 'b') are one string, as in Python and pprint's output.
      let pieces = 0;
      for (;;) {
        const read = readString(text, end, features);
        if ('error' in read) return fail(read.error, read.at);
        value += read.value;
        end = read.end;
        pieces++;
        let j = end;
        while (j < text.length && /\s/.test(text[j] ?? '')) j++;
        if (text[j] !== '"' && text[j] !== "'") break; // template strings are not joined by juxtaposition
        end = j;
      }
      if (pieces > 1) features.add('strings written in pieces');
      i = end;
      node = { type: 'string', offset: start, length: i - start, value };
    } else {
      const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
      const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 64))?.[0];
      const literal = word !== undefined ? literals.get(word) : undefined;
      if (number) {
        i += number[0].length;
        node = { type: 'number', offset: start, length: i - start, value: Number(number[0]) };
      } else if (literal && word) {
        if (literal.python) features.add('Python literals (True, False, None)');
        i += word.length;
        node = { type: literal.type, offset: start, length: i - start, value: literal.value };
      } else
        return fail(word ? `"${word}" is not a value JSON or Python writes` : 'A value is expected here');
    }
    const problem = place(node);
    if (problem) return fail(problem, start);
  }
  if (stack.length > 0) return fail(`The text ends before "${(stack.at(-1) as Frame).close}"`, text.length);
  if (!root) return fail('No value', 0);
  return { root, features };
}

/** One warning for everything forgiven, at the first place it appears, saying what the input looks like. */
export function relaxedWarning(features: ReadonlyMap<RelaxedFeature, number>): Diagnostic {
  const names = [...features.keys()];
  const first = features.size > 0 ? Math.min(...features.values()) : 0;
  const python =
    features.has('Python literals (True, False, None)') ||
    features.has('tuples') ||
    features.has('strings written in pieces');
  const [what, fix] = python
    ? ['a Python repr', 'print it with json.dumps()']
    : features.has('unquoted keys') || features.has('template strings')
      ? ['a JavaScript object literal', 'write it with JSON.stringify()']
      : features.has('single-quoted strings')
        ? ['a Python repr or JavaScript literal', 'print it with json.dumps() or JSON.stringify()']
        : ['JSON with raw line breaks or tabs inside strings', 'escape them as \\n and \\t'];
  return diagnostic(
    'input/not-json',
    'warning',
    `Read as ${what} (${names.join(', ')}). The API takes JSON: ${fix}.`,
    { start: first, end: first + 1 },
  );
}
