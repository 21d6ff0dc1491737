import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, toWireDate } from './date.js';
import { formatMoney, roundMoney, sumAmounts } from './money.js';

describe('formatMoney (spec §9)', () => {
  it('formats COP in Colombian style with no decimals and the code appended', () => {
    expect(formatMoney('1234567.49', 'COP')).toBe('1.234.567 COP');
    expect(formatMoney('1234567.5', 'COP')).toBe('1.234.568 COP');
    expect(formatMoney('0', 'COP')).toBe('0 COP');
  });
  it('formats EUR in Colombian style with two decimals', () => {
    expect(formatMoney('1234567.891', 'EUR')).toBe('1.234.567,89 EUR');
    expect(formatMoney('5', 'EUR')).toBe('5,00 EUR');
  });
  it('formats USD in US style', () => {
    expect(formatMoney('1234567.891', 'USD')).toBe('1,234,567.89 USD');
    expect(formatMoney(12.5, 'USD')).toBe('12.50 USD');
    expect(formatMoney('-3.456', 'USD')).toBe('-3.46 USD');
  });
  it('rounds up on request', () => {
    expect(formatMoney('10.001', 'USD', { roundUp: true })).toBe('10.01 USD');
    expect(formatMoney('10.001', 'USD')).toBe('10.00 USD');
    expect(formatMoney('1000.01', 'COP', { roundUp: true })).toBe('1.001 COP');
    expect(roundMoney('0.005', 'USD')).toBe('0.01');
  });
  it('keeps exact digits beyond float precision', () => {
    expect(formatMoney('123456789012.35', 'USD')).toBe('123,456,789,012.35 USD');
  });
  it('hides the code and answers empty for bad input', () => {
    expect(formatMoney('1500', 'USD', { hideCode: true })).toBe('1,500.00');
    expect(formatMoney(null, 'USD')).toBe('');
    expect(formatMoney('abc', 'USD')).toBe('');
    expect(formatMoney('', 'USD')).toBe('');
  });
  it('uses US style for other currencies', () => {
    expect(formatMoney('1234.5', 'MXN')).toBe('1,234.50 MXN');
  });
});

describe('dates (spec §9)', () => {
  it('shows wire dates as dd-MM-yyyy without a zone shift', () => {
    expect(formatDate('2025-03-07')).toBe('07-03-2025');
    expect(formatDate('2025-03-07', 'Pacific/Kiritimati')).toBe('07-03-2025');
  });
  it('converts instants from UTC to the given zone', () => {
    expect(formatDateTime('2025-01-01T03:04:05Z', 'America/Bogota')).toBe('31-12-2024 22:04:05');
    expect(formatDate('2025-01-01T03:04:05Z', 'America/Bogota')).toBe('31-12-2024');
    expect(formatTime('2025-01-01T03:04:05Z', 'Europe/Madrid')).toBe('04:04:05');
    expect(toWireDate('2025-01-01T03:04:05Z', 'America/Bogota')).toBe('2024-12-31');
  });
  it('answers empty for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatTime(undefined)).toBe('');
  });
});

describe('sumAmounts', () => {
  it('adds decimal strings exactly, with 2 decimals', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['120.5', '35.25'])).toBe('155.75');
    expect(sumAmounts([])).toBe('0.00');
  });
});
