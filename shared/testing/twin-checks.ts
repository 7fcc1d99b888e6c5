import type * as z from 'zod/mini';

/**
 * For tests of a check written by hand next to its zod schema: both as functions from a body
 * to the accepted value or null, so a property test can require the same outcome.
 */
export function twinChecks<T>(schema: z.ZodMiniType, parse: (body: unknown) => T) {
  return {
    bySchema(body: unknown): unknown {
      const parsed = schema.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
    byHand(body: unknown): T | null {
      try {
        return parse(body);
      } catch {
        return null;
      }
    },
  };
}
