/** Seed 000: the Aya context array. Field shapes, loose where the seed's own example is loose. */
import { z } from 'zod';

export const ayaRoles = ['system', 'user', 'assistant'] as const;

export const ayaUserContentSchema = z.looseObject({ userid: z.string(), text: z.string() });
export const ayaAssistantContentSchema = z.looseObject({
  toolCall: z.string(),
  text: z.string().optional(),
  reasoning: z.string().optional(),
});

export const ayaEntrySchema = z.looseObject({
  index: z.unknown().optional(),
  turn: z.unknown().optional(),
  timestamp: z.unknown().optional(),
  role: z.unknown().optional(),
  content: z.unknown().optional(),
});

export const requiredFields = ['index', 'turn', 'timestamp', 'role', 'content'] as const;

/** ISO 8601 date-time: date, time, optional fraction, Z or an offset. */
export const iso8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
