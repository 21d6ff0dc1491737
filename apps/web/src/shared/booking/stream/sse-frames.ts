/** One text/event-stream frame: its `event:` name (default "message") and its JSON `data:`. */
export interface SseFrame {
  event: string;
  data: unknown;
}

/**
 * Splits a text/event-stream body into `{event, data}` frames (blank-line separated). `Event` is the
 * caller's event union (e.g. `SearchStreamEvent<Page>`): the frames are handed over as such, unchecked.
 */
export function parseSseFrames<Event extends SseFrame = SseFrame>(buffer: string): { frames: Event[]; rest: string } {
  const frames: Event[] = [];
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
      frames.push({ event, data: JSON.parse(data.join('\n')) } as Event);
    } catch {
      /* a malformed frame is skipped; the others still count */
    }
  }
  return { frames, rest };
}
