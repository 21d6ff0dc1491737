import type { HotelStreamSearchBody } from '@travesia/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, handleUnauthorized } from '../../../lib/api';
import { readCookie, TOKEN_COOKIE } from '../../../lib/cookies';
import type { StreamEvent, StreamSupplier } from '../types';

/** The stream body as the web sends it: `providers` may also hold "travesia" (own inventory). */
export type StreamSearchBody = Omit<HotelStreamSearchBody, 'providers' | 'timeoutMs'> & { providers?: string[]; timeoutMs?: number };

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

/** Where one supplier's search stands, for its progress row. */
export type SupplierProgress = StreamSupplier &
  (
    | { state: 'searching' }
    | { state: 'done'; ms: number; itemsFound: number; cacheId: string }
    | { state: 'failed' | 'timeout'; ms: number; msg: string }
  );

export interface StreamState {
  status: 'idle' | 'searching' | 'done' | 'error';
  startedAt: number | null;
  suppliers: SupplierProgress[];
  /** The merged cache of every supplier's results (when the server gives one in `done`). */
  mergedCacheId: string | null;
  error: ApiError | null;
}

export const IDLE_STREAM: StreamState = { status: 'idle', startedAt: null, suppliers: [], mergedCacheId: null, error: null };

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
    const patch = (accountId: string, p: SupplierProgress) =>
      update((s) => ({
        ...s,
        suppliers: s.suppliers.some((x) => x.accountId === accountId)
          ? s.suppliers.map((x) => (x.accountId === accountId ? p : x))
          : [...s.suppliers, p],
      }));
    try {
      await streamHotelSearch(
        body,
        (e) => {
          if (e.event === 'start')
            update((s) => ({ ...s, suppliers: e.data.suppliers.map((x) => ({ ...x, state: 'searching' as const })) }));
          else if (e.event === 'result')
            patch(e.data.accountId, {
              accountId: e.data.accountId,
              supplier: e.data.supplier,
              name: e.data.name,
              state: 'done',
              ms: e.data.ms,
              itemsFound: e.data.response.itemsFound,
              cacheId: e.data.response.cacheId,
            });
          else if (e.event === 'failure')
            patch(e.data.accountId, {
              accountId: e.data.accountId,
              supplier: e.data.supplier ?? '',
              name: e.data.name ?? e.data.accountId,
              state: e.data.code === 'SUPPLIER_TIMEOUT' ? 'timeout' : 'failed',
              ms: e.data.ms,
              msg: e.data.msg,
            });
          else if (e.event === 'done') update((s) => ({ ...s, status: 'done', mergedCacheId: e.data.cacheId ?? null }));
        },
        ctl.signal,
      );
      // A stream cut before `done` still leaves what arrived usable.
      update((s) => (s.status === 'searching' ? { ...s, status: 'done' } : s));
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
