import type { StreamEvent } from '../types';

/** Splits a text/event-stream body into `{event, data}` frames (blank-line separated). */
export function parseSseFrames(buffer: string): { frames: StreamEvent[]; rest: string } {
  const frames: StreamEvent[] = [];
  const parts = buffer.split(/\r?\n\r?\n/);
  const rest = parts.pop() ?? '';
  for (const part of parts) {
    let event = 'message';
    const data: string[] = [];
    for (const line of part.split(/\r?\n/)) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!data.length) continue;
    try {
      frames.push({ event, data: JSON.parse(data.join('\n')) } as StreamEvent);
    } catch {
      /* a malformed frame is skipped; the others still count */
    }
  }
  return { frames, rest };
}
