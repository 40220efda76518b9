/**
 * The pipeline from the command line:
 *   npm run -s cli -- detect|convert|lint|render|tokens|permalink|session [FILE] [--from ID] [--to ID]
 *     [--view console|native|multimodal|prompt] [--model NAME] [--template ID|FILE] [--no-generation-prompt] [--date YYYY-MM-DD] [--set NAME=VALUE] [--prune N] [--record N] [--request] [--json]
 * Reads FILE, or stdin when FILE is absent or "-". Unreadable input exits 2 with one line.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { formatIds, isFormatId, type FormatId } from './core/formats/index.ts';
import { runPipeline } from './core/pipeline.ts';
import {
  convertCommand,
  detectCommand,
  lintCommand,
  permalinkCommand,
  renderCommand,
  tokensCommand,
  type CommandContext,
  type CommandOutput,
} from './cli/commands.ts';
import { sessionCommand } from './cli/session-command.ts';
import { modelsText } from './cli/models-command.ts';
import { diffOutput } from './cli/diff-command.ts';
import { installNodeVocabularies } from './node/vocabularies.ts';

installNodeVocabularies();
import { findingLine, firstUnreadable, toFindings } from './core/findings.ts';
import type { PromptOptions } from './core/templates/options.ts';
import { chatTemplates, findTemplate } from './core/templates/registry.ts';

const commands = {
  detect: detectCommand,
  convert: convertCommand,
  lint: lintCommand,
  render: renderCommand,
  tokens: tokensCommand,
  permalink: permalinkCommand,
  session: sessionCommand,
} as const;
type CommandName = keyof typeof commands;

const usage = `usage: cli detect|convert|lint|render|tokens|permalink|session|models [FILE] | diff A B [--from ID] [--to ID] [--view console|native|multimodal|prompt] [--model NAME] [--template ID|FILE] [--no-generation-prompt] [--date YYYY-MM-DD] [--set NAME=VALUE] [--prune N] [--record N] [--request] [--json] [--redact] [--structure-only]
formats: ${formatIds.join(', ')}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function formatOption(value: string | undefined, flag: string): FormatId | undefined {
  if (value === undefined) return undefined;
  if (!isFormatId(value)) fail(`${flag}: unknown format "${value}" (${formatIds.join(', ')})`);
  return value;
}

/** --template ID or FILE (a chat_template or a tokenizer_config.json), --no-generation-prompt, --date, --set NAME=VALUE. */
function promptOptions(values: {
  template?: string;
  'no-generation-prompt'?: boolean;
  date?: string;
  set?: string[];
}): PromptOptions {
  const options: PromptOptions = {};
  if (values.template !== undefined) {
    if (findTemplate(values.template)) options.template = values.template;
    else {
      try {
        options.template = 'custom';
        options.customTemplate = readFileSync(values.template, 'utf8');
      } catch {
        fail(
          `--template: "${values.template}" is neither a template (${chatTemplates.map((t) => t.id).join(', ')}) nor a file`,
        );
      }
    }
  }
  if (values['no-generation-prompt']) options.addGenerationPrompt = false;
  if (values.date !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) fail('--date takes YYYY-MM-DD');
    options.date = values.date;
  }
  for (const pair of values.set ?? []) {
    const [name, value] = pair.split('=', 2);
    if (!name || value === undefined)
      fail('--set takes NAME=VALUE (enable_thinking=false, reasoning_effort=high)');
    options.switches = {
      ...options.switches,
      [name]: value === 'true' ? true : value === 'false' ? false : value,
    };
  }
  return options;
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        from: { type: 'string' },
        to: { type: 'string' },
        view: { type: 'string' },
        model: { type: 'string' },
        prune: { type: 'string' },
        record: { type: 'string' },
        request: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        redact: { type: 'boolean', default: false },
        'structure-only': { type: 'boolean', default: false },
        template: { type: 'string' },
        'no-generation-prompt': { type: 'boolean', default: false },
        date: { type: 'string' },
        set: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
  const { values, positionals } = parsed;
  const [command, file] = positionals;
  if (values.help || !command) {
    process.stdout.write(`${usage}\n`);
    process.exit(command ? 0 : 2);
  }
  if (command === 'diff') {
    const [, leftFile, rightFile] = positionals;
    if (!leftFile || !rightFile) fail(`diff takes two files: diff A B [--json]\n${usage}`);
    const read = (file: string) => {
      try {
        return readFileSync(file, 'utf8');
      } catch (error) {
        fail(`${file}: cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      }
    };
    const options = { format: formatOption(values.from, '--from'), model: values.model };
    process.stdout.write(
      `${await diffOutput(read(leftFile), read(rightFile), values.json ?? false, options)}\n`,
    );
    return;
  }
  if (command === 'models') {
    process.stdout.write(`${modelsText(values.json ?? false)}\n`);
    return;
  }
  if (!(command in commands)) fail(`unknown command "${command}"\n${usage}`);

  const source = file && file !== '-' ? file : '<stdin>';
  let text: string;
  try {
    text = readFileSync(file && file !== '-' ? file : 0, 'utf8');
  } catch (error) {
    fail(`${source}: cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }

  const prune = values.prune === undefined ? undefined : Number(values.prune);
  if (prune !== undefined && !Number.isFinite(prune)) fail(`--prune takes a number of tokens`);
  const record = values.record === undefined ? undefined : Number(values.record);
  if (record !== undefined && !(Number.isInteger(record) && record >= 1))
    fail('--record takes a record (or session request) number from 1');
  const result = await runPipeline(text, {
    format: formatOption(values.from, '--from'),
    model: values.model,
    pruneLimit: prune,
    // A dataset's record, or a session's request: whichever the input has.
    ...(record !== undefined ? { record: record - 1, request: record - 1 } : {}),
    prompt: promptOptions(values),
  });
  const dataset = result.conversation.dataset;
  if (record !== undefined && dataset && record > dataset.records)
    fail(`--record ${record}: the dataset has ${dataset.records} record${dataset.records === 1 ? '' : 's'}`);

  const requests = result.session?.requests.length;
  if (record !== undefined && requests !== undefined && record > requests)
    fail(`--record ${record}: the session has ${requests} request${requests === 1 ? '' : 's'}`);

  const unreadable = firstUnreadable(toFindings(text, result.diagnostics));
  if (unreadable) fail(findingLine(source, unreadable));

  const context: CommandContext = {
    text,
    result,
    json: values.json ?? false,
    to: formatOption(values.to, '--to'),
    view: values.view,
    request: values.request ?? false,
    redact: values.redact ?? false,
    structureOnly: values['structure-only'] ?? false,
  };
  const output: CommandOutput = await commands[command as CommandName](context);
  if (output.stderr) process.stderr.write(`${output.stderr}\n`);
  if (output.stdout) process.stdout.write(output.exact ? output.stdout : `${output.stdout}\n`);
  process.exitCode = output.exitCode;
}

main().catch((error: unknown) => {
  // A defect, not bad input: say so on one line rather than dumping a stack on the user.
  process.stderr.write(`context-lens: internal error: ${(error as Error).message}\n`);
  process.exit(3);
});
