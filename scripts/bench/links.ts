/** Permalink length for the seed examples and a 100-message transcript, beside lz-string and raw base64. */
import { readFileSync } from 'node:fs';
import lzString from 'lz-string';
import { encodeState } from '../../src/core/share/permalink.ts';
import { openaiTranscript } from './transcript.ts';

const seedExamples: Array<[string, string]> = [
  ['Aya seed 000 example', 'aya-context/fixtures/seed-example.json'],
  ['Ei seed 001 blob', 'ei-transcript/fixtures/seed-blob.txt'],
  ['Forge seed 002 flow', 'forge-messages/fixtures/seed-conversation-flow.json'],
  ['Suna seed 003 rows', 'suna-rows/fixtures/seed-rows.json'],
  ['Tzurot seed 004 (4.3)', 'tzurot-request/fixtures/reply-to-media.json'],
];
const inputs: Array<[string, string]> = seedExamples.map(([label, path]) => [
  label,
  readFileSync(new URL(`../../src/core/formats/${path}`, import.meta.url), 'utf8'),
]);
inputs.push(['100-message transcript', openaiTranscript(100)]);

export function printLinkLengths(): void {
  console.log('\nPermalink fragment length (characters) for the same state JSON\n');
  console.log(
    '| input | input chars | fflate deflate + base64url (used) | lz-string URI component | raw base64 |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const [label, text] of inputs) {
    const json = JSON.stringify({ v: 1, text });
    const ours = encodeState({ v: 1, text }).length;
    const lz = lzString.compressToEncodedURIComponent(json).length;
    const raw = Buffer.from(json, 'utf8').toString('base64url').length;
    console.log(
      `| ${label} | ${text.length.toLocaleString('en-US')} | ${ours.toLocaleString('en-US')} | ${lz.toLocaleString('en-US')} | ${raw.toLocaleString('en-US')} |`,
    );
  }
}
