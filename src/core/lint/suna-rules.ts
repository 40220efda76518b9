import { droppedForBedrock } from '../formats/suna-rows/transforms.ts';
import type { LintRule } from './rule.ts';

export const bedrockFilter: LintRule = {
  id: 'suna/bedrock-filter',
  severity: 'warning',
  description:
    'Suna: before Bedrock, a message with an embedded "Tool: {" result and no matching tool call is dropped; cached blocks are kept.',
  formats: ['suna-rows', 'openai-chat', 'anthropic-messages'],
  check(context, report) {
    for (const index of droppedForBedrock(context.conversation.messages)) {
      report(
        'An embedded "Tool: {…}" result with no matching tool call: Bedrock filtering drops this message.',
        context.conversation.messages[index]?.range,
      );
    }
  },
};
