import type { PreparedInput } from '../../input/prepare.ts';
import { notThisFormat, type Detection } from '../codec.ts';
import { isItemArray, isItemList, isResponseObject, isResponsesRequest, isResponsesStream } from './parse.ts';

export function detectOpenAIResponses(input: PreparedInput): Detection {
  const value = input.json?.value;
  if (isResponsesStream(value))
    return {
      score: 0.95,
      reason: `a Responses API event stream${input.json?.stream ? ' (server-sent events)' : ''}`,
    };
  if (isResponseObject(value)) return { score: 0.95, reason: 'a Responses API response (output items)' };
  if (isItemList(value)) return { score: 0.9, reason: 'an input_items list' };
  if (isResponsesRequest(value))
    return {
      score: 0.9,
      reason:
        typeof value.input === 'string'
          ? 'a request body with a string input'
          : 'a request body with input items',
    };
  if (isItemArray(value)) return { score: 0.85, reason: 'a list of Responses API items' };
  return notThisFormat('no input, output or Responses API items');
}
