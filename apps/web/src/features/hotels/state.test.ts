import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../lib/storage';
import { newIdempotencyKey } from '../../shared/booking/checkout/idempotency-key';
import { IDLE_STREAM, type StreamState } from '../../shared/booking/stream/stream-state';
import { FakeStorage } from '../../test/fake-storage';
import {
  type Checkout,
  clearCheckout,
  DEFAULT_NIGHTS,
  defaultSearchForm,
  loadCheckout,
  loadSearch,
  saveCheckout,
  saveSearch,
} from './state';

const today = () => dayjs().format('YYYY-MM-DD');
const inDays = (n: number) => dayjs().add(n, 'day').format('YYYY-MM-DD');
const finished: StreamState = { ...IDLE_STREAM, status: 'done', startedAt: 1, mergedCacheId: 'merged' };

describe('hotel search state', () => {
  beforeEach(() => vi.stubGlobal('localStorage', new FakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the spec defaults: two nights from tomorrow, one room of two adults', () => {
    const { form, results } = loadSearch('all');
    expect(form).toEqual(defaultSearchForm());
    expect(form.start).toBe(inDays(1));
    expect(form.end).toBe(inDays(1 + DEFAULT_NIGHTS));
    expect(form.rooms).toEqual([{ adults: 2, children: [] }]);
    expect(results).toBeNull();
  });

  it('gives back a saved search per route, with its finished results', () => {
    const form = { ...defaultSearchForm(), destination: 'CTG', start: inDays(10), end: inDays(12), rooms: [{ adults: 1, children: [7] }] };
    saveSearch('restel', { form, results: finished });
    expect(loadSearch('restel')).toEqual({ form, results: finished });
    expect(loadSearch('hotelbeds').form.destination).toBeNull();
  });

  it('drops results of a search that had not finished', () => {
    saveSearch('all', { form: defaultSearchForm(), results: { ...finished, status: 'searching' } });
    expect(loadSearch('all').results).toBeNull();
  });

  it('puts stale dates back to the defaults and keeps the rest of the form', () => {
    const old = { ...defaultSearchForm(), destination: 'CTG', start: inDays(-3), end: inDays(-1) };
    saveSearch('all', { form: old, results: null });
    const { form } = loadSearch('all');
    expect(form.destination).toBe('CTG');
    expect(form.start >= today()).toBe(true);
    expect([form.start, form.end]).toEqual([inDays(1), inDays(1 + DEFAULT_NIGHTS)]);
  });

  it('fills fields missing from an older saved form with the defaults', () => {
    storage.set('search-hotels-all', { form: { destination: 'CTG' }, results: null });
    expect(loadSearch('all').form).toEqual({ ...defaultSearchForm(), destination: 'CTG' });
  });

  it('forgets every search, selection and checkout at sign-in', () => {
    saveSearch('all', { form: { ...defaultSearchForm(), destination: 'CTG' }, results: finished });
    saveCheckout({ supplier: 'juniper', idempotencyKey: 'k', acceptedAt: 'now' } as Checkout);
    storage.clearSearchState();
    expect(loadSearch('all')).toEqual({ form: defaultSearchForm(), results: null });
    expect(loadCheckout()).toBeNull();
  });

  it('keeps the checkout and its idempotency key until cleared', () => {
    const checkout = { supplier: 'hotelbeds', idempotencyKey: newIdempotencyKey(), acceptedAt: 'now' } as Checkout;
    saveCheckout(checkout);
    expect(loadCheckout()).toEqual(checkout);
    clearCheckout();
    expect(loadCheckout()).toBeNull();
  });
});
