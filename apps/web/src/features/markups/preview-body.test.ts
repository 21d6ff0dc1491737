import { describe, expect, it } from 'vitest';
import { type PreviewSample, previewBody } from './preview-body';

const sample: PreviewSample = {
  amount: '100',
  currency: 'USD',
  targetCurrency: 'USD',
  productKind: 'hotel',
  supplier: 'travesia',
  nights: 3,
  paxes: 2,
  checkIn: '2030-06-01',
};
const rule = { name: 'Hotelbeds Cartagena', productKind: 'hotel', kind: 'percentage', value: '10', priority: 10 } as const;

describe('markup preview request (issue 15: the preview ignored the rule’s provider and destination)', () => {
  it("prices a sample of the rule's supplier in the rule's destination", () => {
    const body = previewBody(sample, { ...rule, supplier: 'hotelbeds', destinationId: '0b6e6e4e-6c8a-4d5e-9f1a-2b3c4d5e6f70' });
    expect(body).toMatchObject({
      supplier: 'hotelbeds',
      destinationAncestors: ['0b6e6e4e-6c8a-4d5e-9f1a-2b3c4d5e6f70'],
      productKind: 'hotel',
    });
  });

  it('a rule for any supplier and destination leaves them to the sample', () => {
    expect(previewBody(sample, { ...rule })).toMatchObject({ supplier: 'travesia', destinationAncestors: [] });
    expect(previewBody({ ...sample, supplier: 'restel' }, null)).toMatchObject({ supplier: 'restel', destinationAncestors: [] });
  });

  it('no amount, no request', () => {
    expect(previewBody({ ...sample, amount: '' }, null)).toBeNull();
  });
});
