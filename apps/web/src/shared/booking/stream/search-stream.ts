import type { SearchStreamEvent } from '@travesia/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, handleUnauthorized } from '../../../lib/api';
import { readCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import { parseSseFrames } from './sse-frames';
import { applyStreamEvent, endStream, IDLE_STREAM, type StreamPageSummary, type StreamState } from './stream-state';

const SEARCH_FAILED = 'No se pudo buscar. Inténtalo de nuevo.';

/**
 * POSTs a streamed search to `url` (e.g. `/api/hotel/search/stream`): EventSource can't POST, so fetch
 * reads the body as it arrives and hands each event over. Invalid criteria are a plain 4xx before the
 * stream starts (thrown as ApiError).
 */
export async function streamSearch<Page>(
  url: string,
  body: unknown,
  onEvent: (e: SearchStreamEvent<Page>) => void,
  signal: AbortSignal,
): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream', 'content-type': 'application/json' };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers['x-access-token'] = token;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
  if (res.status === 401) handleUnauthorized();
  if (!res.ok || !res.body) {
    const data = await res.json().catch(() => null);
    throw new ApiError(res.status, data?.msg ?? SEARCH_FAILED, data?.code, data?.fields);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const { frames, rest } = parseSseFrames<SearchStreamEvent<Page>>(buffer);
    buffer = rest;
    for (const f of frames) onEvent(f);
  }
  for (const f of parseSseFrames<SearchStreamEvent<Page>>(`${buffer}\n\n`).frames) onEvent(f);
}

/**
 * Runs one streamed search at a time against `url`; a new search (or leaving the page) aborts the
 * previous one. `restored` is a finished search kept across a reload (its cache ids).
 */
export function useSearchStream<Body, Page extends StreamPageSummary = StreamPageSummary>(url: string, restored?: StreamState | null) {
  const [state, setState] = useState<StreamState>(restored ?? IDLE_STREAM);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (body: Body) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      setState({ ...IDLE_STREAM, status: 'searching', startedAt: Date.now() });
      const update = (fn: (s: StreamState) => StreamState) => {
        if (!ctl.signal.aborted) setState(fn);
      };
      try {
        await streamSearch<Page>(url, body, (e) => update((s) => applyStreamEvent(s, e)), ctl.signal);
        update(endStream);
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
        const error = err instanceof ApiError ? err : new ApiError(0, SEARCH_FAILED, 'NETWORK');
        update((s) => ({ ...s, status: 'error', error }));
      }
    },
    [url],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    setState(IDLE_STREAM);
  }, []);

  return { state, start, reset };
}
