/**
 * IR -> one dataset record, as a line of JSON Lines: ShareGPT when the conversation came from a
 * ShareGPT record, else OpenAI's fine-tuning shape (`messages`, `tools`), which TRL also reads.
 */
import type { SerializeResult } from '../../diagnostics.ts';
import type { Conversation } from '../../ir.ts';
import { stringifyJson } from '../../input/json-number.ts';
import { serializeOpenAIChat } from '../openai-chat/serialize.ts';
import { toolResultText } from '../shared/flatten.ts';
import { LossCollector } from '../shared/losses.ts';

export function serializeChatDataset(conversation: Conversation): SerializeResult {
  const dataset = conversation.dataset;
  const datasetLoss =
    dataset && dataset.records > 1
      ? [{ message: `a dataset of ${dataset.records} records: only record ${dataset.record + 1} is written` }]
      : [];
  if (dataset?.kind === 'sharegpt') {
    const result = shareGpt(conversation);
    return { ...result, losses: [...datasetLoss, ...result.losses] };
  }
  // OpenAI's fine-tuning line is a Chat Completions body without the request options.
  const body = serializeOpenAIChat({ ...conversation, model: undefined, extra: undefined });
  const value: unknown = JSON.parse(body.text);
  const record = Array.isArray(value) ? { messages: value } : value;
  const losses = [...datasetLoss, ...body.losses];
  if (conversation.model) losses.push({ message: 'the model name is not part of a dataset record' });
  if (conversation.extra)
    losses.push({ message: 'request options (temperature, max_tokens…) are not part of a dataset record' });
  // A list of one record: a lone {"messages": …} object would read as a Chat Completions request.
  return { text: `[${JSON.stringify(record)}]\n`, losses, sources: body.sources };
}

function shareGpt(conversation: Conversation): SerializeResult {
  const losses = new LossCollector();
  const turns: Array<{ from: string; value: string }> = [];
  let system: string | undefined;
  conversation.messages.forEach((message, index) => {
    if (message.hidden) return losses.add('not sent to the model, left out', index);
    for (const part of message.parts) {
      if (part.type === 'text') {
        if (message.role === 'system' || message.role === 'developer') {
          if (turns.length === 0 && system === undefined) system = part.text;
          else turns.push({ from: 'system', value: part.text });
        } else turns.push({ from: message.role === 'assistant' ? 'gpt' : 'human', value: part.text });
      } else if (part.type === 'tool-call')
        turns.push({
          from: 'function_call',
          value: JSON.stringify({ name: part.name, arguments: part.arguments ?? {} }),
        });
      else if (part.type === 'tool-result') turns.push({ from: 'observation', value: toolResultText(part) });
      else losses.add(`${part.type} parts have no place in a ShareGPT record`, index);
    }
  });
  // Tools as LLaMA-Factory's ShareGPT files keep them: a JSON string of the function list.
  const tools = conversation.tools?.length
    ? JSON.stringify(
        conversation.tools.map((t) => ({
          name: t.name,
          description: t.description,
          parameters: t.parameters,
        })),
      )
    : undefined;
  const record = {
    ...(system !== undefined ? { system } : {}),
    conversations: turns,
    ...(tools ? { tools } : {}),
  };
  return { text: `[${stringifyJson(record)}]\n`, losses: losses.list() };
}
