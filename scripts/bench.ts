/**
 * npm run bench: the core pipeline against its budget. For generated transcripts of 100,
 * 1,000 and 10,000 messages: the pipeline from scratch, a bare JSON.parse and a bare
 * tokenization of the message contents, and the pipeline after a keystroke in one message, typed
 * as the page sends it (what live typing costs). "From scratch" means both the pipeline's count cache and
 * gpt-tokenizer's own merge cache are empty before every measured run of the pipeline and
 * of the bare tokenization alike, as for a transcript just pasted. Budget: pipeline <=
 * 2 x (parse + tokenize), growing linearly.
 */
import { clearMergeCache, countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { runPipeline } from '../src/core/pipeline.ts';
import { editText } from '../src/core/input/text-edit.ts';
import { resetTokenCounters } from '../src/core/tokens/encoder.ts';
import { openaiTranscript } from './bench/transcript.ts';
import { installNodeVocabularies } from '../src/node/vocabularies.ts';

installNodeVocabularies();

const sizes = [100, 1_000, 10_000];
const noSpecial = { disallowedSpecial: new Set<string>() };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function time(fn: () => unknown | Promise<unknown>, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function contentsOf(text: string): string[] {
  const body = JSON.parse(text) as {
    messages: Array<{ content?: string | null; tool_calls?: Array<{ function: { arguments: string } }> }>;
  };
  return body.messages.flatMap((m) => [
    m.content ?? '',
    ...(m.tool_calls ?? []).map((c) => c.function.arguments),
  ]);
}

interface Row {
  messages: number;
  megabytes: number;
  parse: number;
  tokenize: number;
  pipeline: number;
  edit: number;
  ratio: number;
  perMessage: number;
}

export async function benchCore(): Promise<Row[]> {
  await runPipeline('[]'); // load the tokenizer ranks once, outside the measurements
  const rows: Row[] = [];
  for (const count of sizes) {
    const text = openaiTranscript(count);
    // More runs where a run is short, so the median is not one JIT warm-up or GC pause.
    const runs = count >= 10_000 ? 5 : count >= 1_000 ? 11 : 31;
    await runPipeline(text); // warm the code paths once; every measured run below starts from an empty token cache
    const parse = await time(() => JSON.parse(text), runs);
    const contents = contentsOf(text);
    const tokenize = await time(() => {
      clearMergeCache();
      return contents.reduce((sum, c) => sum + countTokens(c, noSpecial), 0);
    }, runs);
    const pipeline = await time(async () => {
      clearMergeCache();
      resetTokenCounters();
      await runPipeline(text);
    }, runs);
    // A keystroke in the text of the middle message, after a run on the text before it: what
    // typing costs. (An edit of a key or of the JSON's structure is read in full.) Typed as the
    // page sends it: an edit of the last text, noted where it is made, and the one payload the
    // page shows. Each measured run types one more character, so none is the text of the run before.
    let at = text.indexOf('"content": "', Math.floor(text.length / 2)) + '"content": "'.length + 5;
    let typed = text;
    const shown = { native: ['openai' as const] };
    await runPipeline(typed, shown);
    const edit = await time(() => {
      typed = editText(typed, { start: at++, removed: 0, inserted: 'X' });
      return runPipeline(typed, shown);
    }, runs);
    rows.push({
      messages: count,
      megabytes: text.length / 1e6,
      parse,
      tokenize,
      pipeline,
      edit,
      ratio: pipeline / (parse + tokenize),
      perMessage: (pipeline / count) * 1000,
    });
  }
  return rows;
}

function printCore(rows: Row[]): boolean {
  const ms = (n: number) => n.toFixed(1).padStart(9);
  console.log('\nCore pipeline (node, median of runs; tokenizer caches cleared before each run)\n');
  console.log(
    '| messages |    MB | JSON.parse ms | tokenize ms | pipeline ms | ratio | budget ≤ 2.0 | µs/message | keystroke in one message ms |',
  );
  console.log(
    '|---------:|------:|--------------:|------------:|------------:|------:|:------------:|-----------:|----------------------------:|',
  );
  let ok = true;
  for (const r of rows) {
    const within = r.ratio <= 2;
    ok &&= within;
    console.log(
      `| ${String(r.messages).padStart(8)} | ${r.megabytes.toFixed(2).padStart(5)} | ${ms(r.parse).padStart(13)} | ${ms(r.tokenize).padStart(11)} | ${ms(r.pipeline).padStart(11)} | ${r.ratio.toFixed(2).padStart(5)} | ${(within ? 'yes' : 'NO').padStart(12)} | ${r.perMessage.toFixed(0).padStart(10)} | ${ms(r.edit).padStart(27)} |`,
    );
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (first && last) {
    const growth = last.perMessage / first.perMessage;
    const linear = growth <= 2;
    ok &&= linear;
    console.log(
      `\nGrowth: ${growth.toFixed(2)}× the per-message cost from ${first.messages} to ${last.messages} messages (linear: ${linear ? 'yes' : 'NO'}, budget ≤ 2×).`,
    );
  }
  return ok;
}

if (process.argv.includes('--shapes')) {
  // The large-input shapes alone, in Chromium.
  const { benchBrowser } = await import('./bench/browser.ts');
  process.exitCode = (await benchBrowser('only')).ok ? 0 : 1;
  process.exit();
}
const coreOk = printCore(await benchCore());
(await import('./bench/links.ts')).printLinkLengths();
const sessionOk = await (await import('./bench/session.ts')).benchSession();
await (await import('./bench/vocabularies.ts')).benchVocabularies();
let browserOk = true;
if (!process.argv.includes('--core-only')) {
  const { benchBrowser, printBrowser } = await import('./bench/browser.ts');
  const browser = await benchBrowser(process.argv.includes('--no-shapes') ? 'skip' : 'with');
  printBrowser(browser);
  browserOk = browser.ok;
}
process.exitCode = coreOk && sessionOk && browserOk ? 0 : 1;
