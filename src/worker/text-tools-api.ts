/**
 * What the worker does with an input besides running it for the views: an export target
 * written out, a minified text laid out, a link's state compressed, secrets looked for. Part of
 * the worker's API (api.ts); none of it keeps anything between calls.
 */
import { z } from 'zod';
import { findExportTarget } from '../core/exports.ts';
import { getFormat, isFormatId } from '../core/formats/index.ts';
import { prepareInput } from '../core/input/prepare.ts';
import { prettyPrinted } from '../core/input/pretty-print.ts';
import type { PipelineResult } from '../core/pipeline.ts';
import { encodeState, sharedStateSchema, type SharedState } from '../core/share/permalink.ts';
import { findSecrets, type SecretFinding } from '../core/share/secrets.ts';
import { shareableText, shareOptionsSchema, type ShareOptions } from '../core/share/shareable.ts';
import { canonicalText } from '../core/views/canonical.ts';
import { pipelineRequestSchema, type PipelineRequest, type RenderedExport } from './protocol.ts';

/** `withoutPayloads`: the pipeline for a request, writing no native payload (none of these reads one). */
export function textToolsApi(withoutPayloads: (valid: PipelineRequest) => Promise<PipelineResult>) {
  return {
    /**
     * One export target (a format, a view's text, the transcript, the token CSV) of an input.
     * `normalised`: a format target read back by its own parser, and shown as the canonical
     * conversation, so two formats compare by content (views without a format stay as they are).
     */
    async render(request: PipelineRequest, targetId: string, normalised = false): Promise<RenderedExport> {
      const valid = pipelineRequestSchema.parse(request);
      const { text } = valid;
      const target = findExportTarget(targetId);
      if (!target) throw new Error(`No export target "${targetId}"`);
      const result = await withoutPayloads(
        target.promptTemplate
          ? { ...valid, prompt: { ...valid.prompt, template: target.promptTemplate } }
          : valid,
      );
      const rendered = target.render(result, text);
      const described = { filename: target.filename, mime: target.mime, label: target.label };
      if (!normalised) return { ...rendered, ...described };
      const readAs =
        targetId === 'input' ? result.detected.format : isFormatId(targetId) ? targetId : undefined;
      if (!readAs) return { ...rendered, ...described };
      const conversation =
        targetId === 'input'
          ? result.conversation
          : (getFormat(readAs).parse(prepareInput(rendered.text)).value ?? { messages: [] });
      return { ...rendered, text: canonicalText(conversation), ...described, filename: 'canonical.json' };
    },

    /** A minified paste laid out over lines (whitespace only), when the user asks: megabytes of formatting stay off the page. */
    async prettyPrint(text: string): Promise<string | undefined> {
      return prettyPrinted(z.string().parse(text));
    },

    /** Compressing a multi-megabyte state is work for the worker, not the page; so are redaction and structure-only. */
    async encodeShare(state: SharedState, options?: ShareOptions): Promise<string> {
      const valid = sharedStateSchema.parse(state);
      const text = await shareableText(valid.text, shareOptionsSchema.parse(options ?? {}));
      return encodeState({ ...valid, text });
    },

    /** What a link would carry that should not travel, for the user to review before sharing. */
    scanSecrets(text: string): SecretFinding[] {
      return findSecrets(z.string().parse(text));
    },
  };
}
