import type { z } from 'zod';

/**
 * A product kind's booking API as the server's engine serves it under `/api/<kind>/` (decision 0720): the streamed
 * search's criteria (`search/stream`, `search/stream/simulate`), a stored search's page (`search/:cacheId`), the
 * re-quote (`quote`) and the reserve (`reserve`, with the message of its 202), each with its request and answer
 * schemas, so that the OpenAPI document lists every route.
 */
export interface FlowApi<C = unknown, P = unknown, R = unknown> {
  stream: z.ZodType<C>;
  page: { query: z.ZodType<P>; answer: z.ZodType };
  quote: { body: z.ZodType<{ cacheId: string; optionId: string }>; answer: z.ZodType };
  reserve: { body: z.ZodType<R>; answer: z.ZodType; pending: string };
}
