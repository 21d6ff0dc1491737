import type { FastifyReply, FastifyRequest } from 'fastify';

/** One Server-Sent Event: its name and its JSON data. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Takes the reply over and opens a Server-Sent Events stream: `emit` writes one event while the
 * client is connected (a closed connection drops the rest silently), `end` closes the stream.
 * Fastify no longer answers for this request, so the caller must always call `end`.
 */
export function openEventStream(req: FastifyRequest, reply: FastifyReply): { emit: (e: SseEvent) => void; end: () => void } {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Proxies (nginx) must not buffer the stream: each supplier's row shows as it answers.
    'x-accel-buffering': 'no',
    'x-request-id': req.id,
  });
  let open = true;
  res.on('close', () => {
    open = false;
  });
  return {
    emit: (e) => {
      if (open) res.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    },
    end: () => {
      res.end();
    },
  };
}
