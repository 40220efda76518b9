/** The parts of a Responses API message: input_text/output_text, refusal, input_image, input_file, input_audio. */
import { diagnostic, type Diagnostic } from '../../diagnostics.ts';
import { elements, rangeOf, type JsonNode } from '../../input/json-tree.ts';
import type { Part } from '../../ir.ts';
import { isRecord, str } from '../shared/validate.ts';

export function contentParts(value: unknown, node: JsonNode | undefined, diagnostics: Diagnostic[]): Part[] {
  if (typeof value === 'string') return [{ type: 'text', text: value, range: rangeOf(node) }];
  if (!Array.isArray(value)) {
    diagnostics.push(
      diagnostic(
        'responses/content',
        'error',
        'Message content is a string or a list of parts.',
        rangeOf(node),
      ),
    );
    return [];
  }
  const nodes = elements(node);
  const parts: Part[] = [];
  value.forEach((part, i) => {
    const range = rangeOf(nodes[i]);
    if (!isRecord(part)) return;
    switch (part.type) {
      case 'input_text':
      case 'output_text':
      case 'text':
        if (Array.isArray(part.annotations) && part.annotations.length > 0)
          diagnostics.push({
            ...diagnostic(
              'responses/annotations',
              'info',
              `${part.annotations.length} annotation${part.annotations.length === 1 ? '' : 's'} (citations) on this text are not carried by conversions.`,
              range,
            ),
            unread: true,
          });
        parts.push({ type: 'text', text: str(part.text) ?? '', range });
        return;
      case 'refusal':
        parts.push({ type: 'text', text: str(part.refusal) ?? '', refusal: true, range });
        return;
      case 'input_image': {
        const url = str(part.image_url);
        const fileId = str(part.file_id);
        const detail = str(part.detail);
        parts.push({
          type: 'image',
          ...(url ? { url } : {}),
          ...(fileId ? { fileId } : {}),
          ...(detail ? { detail } : {}),
          range,
        });
        return;
      }
      case 'input_file': {
        const data = str(part.file_data);
        const split = data ? /^data:([^;,]+);base64,(.*)$/s.exec(data) : null;
        parts.push({
          type: 'file',
          ...(str(part.file_id) ? { fileId: str(part.file_id) } : {}),
          ...(str(part.file_url) ? { url: str(part.file_url) } : {}),
          ...(split ? { data: split[2], mediaType: split[1] } : data ? { data } : {}),
          ...(str(part.filename) ? { filename: str(part.filename) } : {}),
          range,
        });
        return;
      }
      case 'input_audio': {
        const audio = isRecord(part.input_audio) ? part.input_audio : {};
        parts.push({ type: 'audio', data: str(audio.data), format: str(audio.format), range });
        return;
      }
      default:
        diagnostics.push(
          diagnostic(
            'responses/part',
            'warning',
            `A "${String(part.type)}" part is not one Context Lens reads; it was left out.`,
            range,
          ),
        );
    }
  });
  return parts;
}
