import { defineCodec } from '../codec.ts';
import { detectBedrockConverse } from './detect.ts';
import { parseBedrockConverse } from './parse.ts';
import { serializeBedrockConverse } from './serialize.ts';

/** Converse request fields (Amazon Bedrock API reference). */
export const converseRequestFields = [
  'modelId',
  'messages',
  'system',
  'inferenceConfig',
  'toolConfig',
  'guardrailConfig',
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'promptVariables',
  'requestMetadata',
  'performanceConfig',
];

export const bedrockConverse = defineCodec({
  id: 'bedrock-converse',
  label: 'Bedrock Converse',
  kind: 'json',
  extension: 'json',
  detect: detectBedrockConverse,
  parse: parseBedrockConverse,
  serialize: serializeBedrockConverse,
  requestFields: converseRequestFields,
});
