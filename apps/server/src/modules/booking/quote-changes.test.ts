import type { PriceBreakdown } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '../../suppliers/index.js';
import { quoteChanges } from './quote-changes.js';

const priced = (price: string, currency = 'USD') => ({ price, currency }) as PriceBreakdown;
const free: CancellationPolicy = { refundable: true, rules: [] };
const strict: CancellationPolicy = { refundable: false, rules: [] };

describe('quoteChanges', () => {
  it('reads the same amount written two ways as the same price', () => {
    const c = quoteChanges({ breakdown: priced('120.5'), cancellation: free }, { breakdown: priced('120.50'), cancellation: free });
    expect(c).toMatchObject({ priceChanged: false, policyChanged: false, price: { amount: '120.50' }, previousPrice: { amount: '120.5' } });
  });

  it('flags another amount, another currency, another policy', () => {
    const chosen = { breakdown: priced('120.50'), cancellation: free };
    expect(quoteChanges(chosen, { breakdown: priced('120.51'), cancellation: free }).priceChanged).toBe(true);
    expect(quoteChanges(chosen, { breakdown: priced('120.50', 'COP'), cancellation: free }).priceChanged).toBe(true);
    expect(quoteChanges(chosen, { breakdown: priced('120.50'), cancellation: strict })).toMatchObject({
      priceChanged: false,
      policyChanged: true,
    });
  });
});
