/** Seed 002: Forge's Message{Role, Content}; Go's encoding/json writes the field names capitalised. */
import { z } from 'zod';

export const forgeRoles = ['system', 'user', 'assistant', 'tool'] as const;

export const forgeMessageSchema = z.union([
  z.looseObject({ role: z.string(), content: z.string() }),
  z.looseObject({ Role: z.string(), Content: z.string() }),
]);
