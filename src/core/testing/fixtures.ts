/** Test helpers: the fixtures on disk and a stable, position-free view of a conversation. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formats } from '../formats/index.ts';
import type { Conversation } from '../ir.ts';

export const formatsDir = new URL('../formats/', import.meta.url).pathname;

export interface Fixture {
  formatId: string;
  name: string;
  path: string;
  text: string;
}

export function fixturesOf(formatId: string): Fixture[] {
  const dir = join(formatsDir, formatId, 'fixtures');
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).sort();
  return names.map((name) => ({
    formatId,
    name,
    path: join(dir, name),
    text: readFileSync(join(dir, name), 'utf8'),
  }));
}

export function allFixtures(): Fixture[] {
  return formats.flatMap((codec) => fixturesOf(codec.id));
}

/** The conversation without source positions and made-up ids: what a round trip must keep. */
export function comparable(conversation: Conversation): unknown {
  return JSON.parse(
    JSON.stringify(conversation, (key, value: unknown) => {
      if (key === 'range' || key === 'callIdRange') return undefined;
      return value;
    }),
  );
}
