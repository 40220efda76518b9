#!/usr/bin/env node
/**
 * The one gate: typecheck, lint (zero warnings), format check, unit tests, a production
 * build and the end-to-end tests in Chromium. Every step runs even after a failure, so one
 * run reports everything; the last line counts every test: "N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reports = '.reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps = [
  ['typecheck', 'npx', ['tsc', '-b']],
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ['format', 'npx', ['prettier', '--check', '.']],
  [
    'unit',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${reports}/vitest.json`],
  ],
  ['build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['e2e', 'npx', ['playwright', 'test']],
];

const failedSteps = [];
for (const [name, command, args] of steps) {
  if (name === 'e2e' && failedSteps.includes('build')) {
    failedSteps.push('e2e (not run: the build failed)');
    continue;
  }
  process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n`);
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  if (run.status !== 0) failedSteps.push(name);
}

function readJson(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(`${reports}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
} else failed += 1;
const playwright = readJson(`${reports}/playwright.json`);
if (playwright) {
  passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed += 1;

process.stdout.write(
  `\n${failedSteps.length ? `Failed steps: ${failedSteps.join(', ')}` : 'All steps passed.'}\n`,
);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || failed ? 1 : 0);
