import { sectionBlocks, voucherSectionSchema } from '@travesia/contracts';
import { describe, expect, it } from 'vitest';
import { demoSection } from './demo-voucher-sections.js';

describe('demo voucher sections', () => {
  it.each(['ticket', 'transfer', 'flight'] as const)('every demo %s section matches its schema and renders blocks', (type) => {
    for (let seq = 0; seq < 50; seq++) {
      const s = demoSection(type, {
        seq,
        name: ['BOG - MIA', 'MDE - MAD'][seq % 2],
        destination: 'Cancún, México',
        hotel: 'Iberostar Selection Cancún',
        start: '2030-06-10',
        end: '2030-06-17',
        adults: 1 + (seq % 3),
        holder: 'Laura Restrepo',
      });
      const parsed = voucherSectionSchema.parse(s);
      expect(parsed.kind).toBe(type);
      expect(sectionBlocks(parsed).length).toBeGreaterThan(0);
    }
  });
});
