import { z } from 'zod';

/**
 * What every product's streamed search and answers share (apps/server/src/modules/booking/fan-out.ts):
 * money as decimal strings, and the Server-Sent Events of a search over every source.
 */

export const bookingMoneySchema = z.object({ amount: z.string(), currency: z.string() });
export type BookingMoney = z.infer<typeof bookingMoneySchema>;

/** One searched source: a provider account, or own inventory ('travesia'). */
export const streamSourceSchema = z.object({ accountId: z.string(), supplier: z.string(), name: z.string() });
export type StreamSource = z.infer<typeof streamSourceSchema>;

export const streamStartSchema = z.object({ suppliers: z.array(streamSourceSchema) });
export const streamFailureSchema = z.object({
  accountId: z.string(),
  supplier: z.string().nullable(),
  name: z.string().nullable(),
  ms: z.number(),
  code: z.string(),
  msg: z.string(),
});
export const streamDoneSchema = z.object({
  ok: z.number(),
  failed: z.number(),
  /** The merged cache of every source's results; absent or null when nothing was cached. */
  cacheId: z.string().nullish(),
  expires: z.string().nullish(),
  itemsFound: z.number().optional(),
});
/** A source's answer: `response` is the product's first search page. */
export const streamResultSchema = <Page extends z.ZodType>(page: Page) => streamSourceSchema.extend({ ms: z.number(), response: page });

/** The events of a streamed search, generic over the product's search page. */
export type SearchStreamEvent<Page> =
  | { event: 'start'; data: z.infer<typeof streamStartSchema> }
  | { event: 'result'; data: StreamSource & { ms: number; response: Page } }
  | { event: 'failure'; data: z.infer<typeof streamFailureSchema> }
  | { event: 'done'; data: z.infer<typeof streamDoneSchema> };
