import type { HotelStreamSearchBody } from '@travesia/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, handleUnauthorized } from '../../../lib/api';
import { readCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import type { StreamEvent } from '../types';
import { parseSseFrames } from './sse-frames';
import { applyStreamEvent, endStream, IDLE_STREAM, type StreamState } from './stream-state';

/** The stream body as the web sends it: `providers` may also hold "travesia" (own inventory). */
export type StreamSearchBody = Omit<HotelStreamSearchBody, 'providers' | 'timeoutMs'> & { providers?: string[]; timeoutMs?: number };

/**
 * POST /api/hotel/search/stream: EventSource can't POST, so fetch reads the body as it arrives and
 * hands each event over. Invalid criteria are a plain 4xx before the stream starts (thrown as ApiError).
 */
export async function streamHotelSearch(body: StreamSearchBody, onEvent: (e: StreamEvent) => void, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'content-type': 'application/json' };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers['x-access-token'] = token;
  const res = await fetch('/api/hotel/search/stream', { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (res.status === 401) handleUnauthorized();
  if (!res.ok || !res.body) {
    const data = await res.json().catch(() => null);
    throw new ApiError(res.status, data?.msg ?? 'No se pudo buscar. Inténtalo de nuevo.', data?.code, data?.fields);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { frames, rest } = parseSseFrames(buffer);
    buffer = rest;
    for (const f of frames) onEvent(f);
  }
  for (const f of parseSseFrames(`${buffer}\n\n`).frames) onEvent(f);
}

/** Runs one streamed search at a time; a new search (or leaving the page) aborts the previous one. */
export function useHotelSearchStream(restored?: StreamState | null) {
  const [state, setState] = useState<StreamState>(restored ?? IDLE_STREAM);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (body: StreamSearchBody) => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ ...IDLE_STREAM, status: 'searching', startedAt: Date.now() });
    const update = (fn: (s: StreamState) => StreamState) => {
      if (!ctl.signal.aborted) setState(fn);
    };
    try {
      await streamHotelSearch(body, (e) => update((s) => applyStreamEvent(s, e)), ctl.signal);
      update(endStream);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      const error = err instanceof ApiError ? err : new ApiError(0, 'No se pudo buscar. Inténtalo de nuevo.', 'NETWORK');
      update((s) => ({ ...s, status: 'error', error }));
    }
  }, []);

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(IDLE_STREAM);
  }, []);

  return { state, start, reset };
}
