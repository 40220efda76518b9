/** Tool definitions in prompt tokens, by the OpenAI cookbook's formula. */
import type { ToolDefinition } from '../ir.ts';
import { isRecord } from '../formats/shared/validate.ts';
import { stringifyJson } from '../input/json-number.ts';
import type { TokenCounter } from './encoder.ts';

/** OpenAI cookbook: func_init per function, name:description, prop_init, each "key:type:description", enums, func_end. */
export function countToolDefinitions(
  tools: readonly ToolDefinition[],
  counter: TokenCounter,
  functionInit: number,
): number {
  if (tools.length === 0) return 0;
  const propInit = 3;
  const propKey = 3;
  const enumInit = -3;
  const enumItem = 3;
  const functionEnd = 12;
  let total = 0;
  for (const tool of tools) {
    total += functionInit;
    total += counter.count(`${tool.name}:${(tool.description ?? '').replace(/\.$/, '')}`);
    const properties =
      isRecord(tool.parameters) && isRecord(tool.parameters.properties) ? tool.parameters.properties : {};
    const keys = Object.keys(properties);
    if (keys.length) total += propInit;
    for (const key of keys) {
      const property = isRecord(properties[key]) ? properties[key] : {};
      total += propKey;
      if (Array.isArray(property.enum)) {
        total += enumInit;
        for (const item of property.enum)
          total += enumItem + counter.count(typeof item === 'string' ? item : stringifyJson(item));
      }
      const description =
        typeof property.description === 'string' ? property.description.replace(/\.$/, '') : '';
      total += counter.count(`${key}:${String(property.type ?? '')}:${description}`);
    }
  }
  return total + functionEnd;
}
