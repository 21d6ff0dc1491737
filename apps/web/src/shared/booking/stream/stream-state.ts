import type { SearchStreamEvent, StreamSource } from '@travesia/contracts';
import type { ApiError } from '../../../lib/api';

/** What the state reads of a source's first search page, whatever the product. */
export interface StreamPageSummary {
  cacheId: string;
  itemsFound: number;
}

/** Where one supplier's search stands, for its progress row. */
export type SupplierProgress = StreamSource &
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

/** Replaces the supplier's row, or appends it when `start` did not announce it. */
function patch(s: StreamState, p: SupplierProgress): StreamState {
  return {
    ...s,
    suppliers: s.suppliers.some((x) => x.accountId === p.accountId)
      ? s.suppliers.map((x) => (x.accountId === p.accountId ? p : x))
      : [...s.suppliers, p],
  };
}

/**
 * The search state after one stream event (kept apart from the hook so it can be tested alone). The
 * state keeps counts and cache ids only, so it is the same for every product.
 */
export function applyStreamEvent(s: StreamState, e: SearchStreamEvent<StreamPageSummary>): StreamState {
  switch (e.event) {
    case 'start':
      return { ...s, suppliers: e.data.suppliers.map((x) => ({ ...x, state: 'searching' as const })) };
    case 'result':
      return patch(s, {
        accountId: e.data.accountId,
        supplier: e.data.supplier,
        name: e.data.name,
        state: 'done',
        ms: e.data.ms,
        itemsFound: e.data.response.itemsFound,
        cacheId: e.data.response.cacheId,
      });
    case 'failure':
      return patch(s, {
        accountId: e.data.accountId,
        supplier: e.data.supplier ?? '',
        name: e.data.name ?? e.data.accountId,
        state: e.data.code === 'SUPPLIER_TIMEOUT' ? 'timeout' : 'failed',
        ms: e.data.ms,
        msg: e.data.msg,
      });
    case 'done':
      return { ...s, status: 'done', mergedCacheId: e.data.cacheId ?? null };
    default:
      return s;
  }
}

/** A stream cut before `done` still leaves what arrived usable. */
export const endStream = (s: StreamState): StreamState => (s.status === 'searching' ? { ...s, status: 'done' } : s);
