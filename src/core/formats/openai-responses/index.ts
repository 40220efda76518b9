import { defineCodec } from '../codec.ts';
import { detectOpenAIResponses } from './detect.ts';
import { parseOpenAIResponses } from './parse.ts';
import { serializeOpenAIResponses } from './serialize.ts';

/** Create-response body fields (OpenAI API reference, Responses). */
export const responsesRequestFields = [
  'model',
  'input',
  'instructions',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'max_output_tokens',
  'max_tool_calls',
  'temperature',
  'top_p',
  'top_logprobs',
  'text',
  'reasoning',
  'metadata',
  'previous_response_id',
  'conversation',
  'store',
  'stream',
  'stream_options',
  'include',
  'truncation',
  'user',
  'safety_identifier',
  'prompt_cache_key',
  'prompt_cache_retention',
  'service_tier',
  'background',
  'prompt',
];

export const openaiResponses = defineCodec({
  id: 'openai-responses',
  label: 'OpenAI Responses',
  kind: 'json',
  extension: 'json',
  detect: detectOpenAIResponses,
  parse: parseOpenAIResponses,
  serialize: serializeOpenAIResponses,
  requestFields: responsesRequestFields,
});
