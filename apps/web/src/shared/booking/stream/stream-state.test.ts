import type { HotelSearchPage, HotelStreamEvent as StreamEvent } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { applyStreamEvent, endStream, IDLE_STREAM, type StreamState } from './stream-state';

const searching: StreamState = { ...IDLE_STREAM, status: 'searching', startedAt: 1 };
const hb = { accountId: 'a-hb', supplier: 'hotelbeds', name: 'Hotelbeds' };
const rs = { accountId: 'a-rs', supplier: 'restel', name: 'Restel' };
const page = (cacheId: string, itemsFound: number) => ({ cacheId, itemsFound }) as HotelSearchPage;

const run = (events: StreamEvent[], from = searching) => events.reduce(applyStreamEvent, from);

describe('applyStreamEvent', () => {
  it('marks every announced supplier as searching, then fills each row as it answers', () => {
    const s = run([
      { event: 'start', data: { suppliers: [hb, rs] } },
      { event: 'result', data: { ...rs, ms: 120, response: page('c-rs', 7) } },
    ]);
    expect(s.suppliers).toEqual([
      { ...hb, state: 'searching' },
      { ...rs, state: 'done', ms: 120, itemsFound: 7, cacheId: 'c-rs' },
    ]);
    expect(s.status).toBe('searching');
  });

  it('tells a supplier timeout from a failure, and names an unknown account by its id', () => {
    const s = run([
      { event: 'start', data: { suppliers: [hb] } },
      { event: 'failure', data: { ...hb, ms: 8000, code: 'SUPPLIER_TIMEOUT', msg: 'Sin respuesta' } },
      { event: 'failure', data: { accountId: 'a-x', supplier: null, name: null, ms: 5, code: 'SUPPLIER_ERROR', msg: 'Error 500' } },
    ]);
    expect(s.suppliers).toEqual([
      { ...hb, state: 'timeout', ms: 8000, msg: 'Sin respuesta' },
      { accountId: 'a-x', supplier: '', name: 'a-x', state: 'failed', ms: 5, msg: 'Error 500' },
    ]);
  });

  it('ends with the merged cache id on done, or null when the server sends none', () => {
    const withCache = run([{ event: 'done', data: { ok: 2, failed: 0, cacheId: 'merged' } }]);
    expect(withCache).toMatchObject({ status: 'done', mergedCacheId: 'merged' });
    expect(run([{ event: 'done', data: { ok: 0, failed: 2 } }]).mergedCacheId).toBeNull();
  });

  it('does not change the state it is given', () => {
    const before = structuredClone(searching);
    run([{ event: 'start', data: { suppliers: [hb] } }]);
    expect(searching).toEqual(before);
  });
});

describe('endStream', () => {
  it('keeps what arrived when the stream breaks off before done', () => {
    const cut = run([
      { event: 'start', data: { suppliers: [hb] } },
      { event: 'result', data: { ...hb, ms: 50, response: page('c-hb', 3) } },
    ]);
    expect(endStream(cut)).toEqual({ ...cut, status: 'done' });
  });

  it('leaves a finished or failed search as it is', () => {
    const done = run([{ event: 'done', data: { ok: 1, failed: 0, cacheId: 'm' } }]);
    expect(endStream(done)).toBe(done);
    const failed: StreamState = { ...IDLE_STREAM, status: 'error' };
    expect(endStream(failed)).toBe(failed);
  });
});
