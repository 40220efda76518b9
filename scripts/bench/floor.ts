/**
 * What a paste of a shape is compared with, in the same browser: the floor (JSON.parse and
 * o200k_base counts of every string, in a blank page).
 */
import { build } from 'esbuild';
import type { Browser } from '@playwright/test';

/** gpt-tokenizer's o200k_base as a script for the page, so the floor is counted in the same browser. */
export async function tokenizerScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { countTokens } from 'gpt-tokenizer/encoding/o200k_base';",
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: 'iife',
    globalName: '__benchTokenizer',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * One cold run of the floor, in a fresh blank page. One run in the app's page after its paste
 * and typing moved by 2× between runs of the same build (84–248 ms at 1,000 messages), with
 * whatever the page's collector had left to do; the floor has nothing else running beside it.
 */
export async function floorOnce(browser: Browser, tokenizer: string, text: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addScriptTag({ content: tokenizer });
    // A string, not a function: tsx would wrap a function's inner functions in a helper the page lacks.
    await page.evaluate((t) => ((window as unknown as { __benchText: string }).__benchText = t), text);
    return (await page.evaluate(floorProbe)) as number;
  } finally {
    await context.close();
  }
}

/** JSON.parse and o200k_base counts of every string in it, timed in the page. */
const floorProbe = `(() => {
  const count = window.__benchTokenizer.countTokens;
  const start = performance.now();
  const strings = [];
  const stack = [JSON.parse(window.__benchText)];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') strings.push(v);
    else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') stack.push(...Object.values(v));
  }
  let total = 0;
  for (const s of strings) total += count(s);
  return total >= 0 ? performance.now() - start : 0;
})()`;
