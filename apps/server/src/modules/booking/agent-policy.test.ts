import { cancellationTerms } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { agentPolicy, inAgentTerms } from './agent-policy.js';

const cost = { amount: '200.00', currency: 'EUR' };
const price = { amount: '300.00', currency: 'USD' };

describe('inAgentTerms', () => {
  it("scales a supplier's money by price/cost into the price currency", () => {
    expect(inAgentTerms({ amount: '100.00', currency: 'EUR' }, cost, price)).toEqual({ amount: '150.00', currency: 'USD' });
    expect(inAgentTerms({ amount: '33.33', currency: 'EUR' }, cost, price)).toEqual({ amount: '50.00', currency: 'USD' });
  });

  it('answers money in another currency, or over a cost of 0, as it is', () => {
    expect(inAgentTerms({ amount: '10.00', currency: 'COP' }, cost, price)).toEqual({ amount: '10.00', currency: 'COP' });
    expect(inAgentTerms({ amount: '10.00', currency: 'EUR' }, { amount: '0', currency: 'EUR' }, price)).toEqual({
      amount: '10.00',
      currency: 'EUR',
    });
  });
});

describe('agentPolicy', () => {
  const now = new Date('2030-01-10T12:00:00Z');
  const terms = (p: ReturnType<typeof agentPolicy>) =>
    cancellationTerms({ refundable: p.refundable, rules: p.rules, price, nights: 2, now, timeZone: 'America/Bogota' });

  it('a refundable rate whose first step is in force: the step in the agent price, not the whole price', () => {
    const p = agentPolicy(
      {
        refundable: false,
        rules: [
          { from: '2030-01-09T05:00:00Z', amount: '100.00', currency: 'EUR' },
          { from: '2030-01-12T05:00:00Z', amount: '200.00', currency: 'EUR' },
        ],
      },
      cost,
      price,
    );
    expect(p.refundable).toBe(true);
    expect(p.rules.map((r) => [r.amount, r.currency])).toEqual([
      ['150.00', 'USD'],
      ['300.00', 'USD'],
    ]);
    expect(terms(p).penaltyNow).toEqual({ amount: '150.00', currency: 'USD' });
  });

  it('percent and nights rules keep their share, in the price currency; no rules stays non-refundable', () => {
    const p = agentPolicy({ refundable: false, rules: [{ from: '2030-01-01T00:00:00Z', percent: '50', currency: 'EUR' }] }, cost, price);
    expect(p.rules[0]).toEqual({ from: '2030-01-01T00:00:00Z', percent: '50', currency: 'USD' });
    expect(terms(p).penaltyNow.amount).toBe('150.00');
    const none = agentPolicy({ refundable: false, rules: [] }, cost, price);
    expect(none.refundable).toBe(false);
    expect(terms(none).penaltyNow.amount).toBe('300.00');
  });
});
