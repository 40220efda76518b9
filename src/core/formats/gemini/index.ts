import { defineCodec } from '../codec.ts';
import { detectGemini } from './detect.ts';
import { parseGemini } from './parse.ts';
import { serializeGemini } from './serialize.ts';

/** generateContent body fields (Gemini API reference), in either casing the REST API accepts. */
export const geminiRequestFields = [
  'contents',
  'systemInstruction',
  'system_instruction',
  'tools',
  'toolConfig',
  'tool_config',
  'safetySettings',
  'safety_settings',
  'generationConfig',
  'generation_config',
  'cachedContent',
  'cached_content',
  'labels',
];

export const gemini = defineCodec({
  id: 'gemini',
  label: 'Gemini generateContent',
  kind: 'json',
  extension: 'json',
  detect: detectGemini,
  parse: parseGemini,
  serialize: serializeGemini,
  requestFields: geminiRequestFields,
});
