/** Seed 004's input: the user's message, the message it replies to, who sends it, who is addressed. */
import { z } from 'zod';

export const tzurotPartSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  image_url: z.looseObject({ url: z.string() }).optional(),
  audio_url: z.looseObject({ url: z.string() }).optional(),
});

export const tzurotReferenceSchema = z.looseObject({
  content: z.string(),
  author: z.string(),
  isFromBot: z.boolean().optional(),
  personalityName: z.string().optional(),
  displayName: z.string().optional(),
});

export const tzurotRequestSchema = z.looseObject({
  messageContent: z.union([z.string(), z.array(tzurotPartSchema)]),
  referencedMessage: tzurotReferenceSchema.optional(),
  userName: z.string().optional(),
  /** The personality being addressed; decides "You said earlier" versus "Name (name) said". */
  personalityName: z.string().optional(),
});
export type TzurotRequest = z.infer<typeof tzurotRequestSchema>;
