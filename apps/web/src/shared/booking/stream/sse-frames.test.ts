import type { HotelStreamEvent as StreamEvent } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { parseSseFrames } from './sse-frames';

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Feeds the chunks the way streamSearch does: the rest of one read is prepended to the next. */
function feed(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  let buffer = '';
  for (const chunk of chunks) {
    const { frames, rest } = parseSseFrames<StreamEvent>(buffer + chunk);
    events.push(...frames);
    buffer = rest;
  }
  events.push(...parseSseFrames<StreamEvent>(`${buffer}\n\n`).frames);
  return events;
}

describe('parseSseFrames', () => {
  it('reads several events from one chunk, in order', () => {
    const body = frame('start', { suppliers: [] }) + frame('done', { ok: 1, failed: 0, cacheId: 'c1' });
    const { frames, rest } = parseSseFrames(body);
    expect(frames).toEqual([
      { event: 'start', data: { suppliers: [] } },
      { event: 'done', data: { ok: 1, failed: 0, cacheId: 'c1' } },
    ]);
    expect(rest).toBe('');
  });

  it('keeps an unfinished event for the next chunk and reads it once complete', () => {
    const body = frame('failure', { accountId: 'a1', supplier: 'restel', name: 'Restel', ms: 12, code: 'X', msg: 'Falló' });
    const first = parseSseFrames(body.slice(0, 20));
    expect(first.frames).toEqual([]);
    expect(first.rest).toBe(body.slice(0, 20));
    expect(feed([body.slice(0, 7), body.slice(7, 30), body.slice(30)])).toEqual([
      { event: 'failure', data: { accountId: 'a1', supplier: 'restel', name: 'Restel', ms: 12, code: 'X', msg: 'Falló' } },
    ]);
  });

  it('splits the blank line between events across chunks', () => {
    const a = frame('start', { suppliers: [] });
    const b = frame('done', { ok: 0, failed: 0 });
    const events = feed([a.slice(0, -1), `\n${b.slice(0, -2)}`, '\n\n']);
    expect(events.map((e) => e.event)).toEqual(['start', 'done']);
  });

  it('reads CRLF line endings and multi-line data', () => {
    const { frames } = parseSseFrames('event: done\r\ndata: {"ok":1,\r\ndata: "failed":0}\r\n\r\n');
    expect(frames).toEqual([{ event: 'done', data: { ok: 1, failed: 0 } }]);
  });

  it('skips malformed JSON, comments and data-less frames without losing the others', () => {
    const body = `event: result\ndata: {not json\n\n: keep-alive\n\nevent: start\n\n${frame('done', { ok: 2, failed: 1 })}`;
    const { frames } = parseSseFrames(body);
    expect(frames).toEqual([{ event: 'done', data: { ok: 2, failed: 1 } }]);
  });

  it('names an event without an event line "message"', () => {
    expect(parseSseFrames('data: {"a":1}\n\n').frames).toEqual([{ event: 'message', data: { a: 1 } }]);
  });

  it('reads a last event that the stream ended without a blank line', () => {
    expect(feed(['event: done\ndata: {"ok":1,"failed":0}'])).toEqual([{ event: 'done', data: { ok: 1, failed: 0 } }]);
  });
});
