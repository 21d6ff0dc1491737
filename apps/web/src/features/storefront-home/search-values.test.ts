import { describe, expect, it } from 'vitest';
import { isoDay, resultsPath, type SearchValues, searchErrors } from './search-values';

const cartagena = { id: 'p-1', name: 'Cartagena de Indias', type: 'city', label: 'Cartagena de Indias, Bolívar, Colombia' };
const valid: SearchValues = { destination: cartagena, start: '2026-12-10', end: '2026-12-12', adults: 2 };

describe('storefront home search', () => {
  it('formats local calendar days as the native date input does, across month and year ends', () => {
    expect(isoDay(new Date(2026, 11, 31))).toBe('2026-12-31');
    expect(isoDay(new Date(2026, 11, 31), 1)).toBe('2027-01-01');
    expect(isoDay(new Date(2026, 1, 28), 1)).toBe('2026-03-01');
  });

  it('lets a complete search go', () => {
    expect(searchErrors(valid, '2026-11-25')).toEqual({});
  });

  it('asks for each missing field in Spanish', () => {
    expect(searchErrors({ destination: null, start: '', end: '', adults: 2 }, '2026-11-25')).toEqual({
      destination: 'Elige un destino de la lista',
      start: 'Elige la fecha de entrada',
      end: 'Elige la fecha de salida',
    });
  });

  it('refuses a past check-in and a check-out not after the check-in', () => {
    expect(searchErrors({ ...valid, start: '2026-11-24' }, '2026-11-25').start).toBe('La entrada no puede ser anterior a hoy');
    expect(searchErrors({ ...valid, end: '2026-12-10' }, '2026-11-25').end).toBe('La salida debe ser posterior a la entrada');
    expect(searchErrors({ ...valid, end: '2026-12-09' }, '2026-11-25').end).toBe('La salida debe ser posterior a la entrada');
  });

  it("opens the results page with the results page's parameters", () => {
    const url = new URL(resultsPath('viajes-demo', valid), 'http://x');
    expect(url.pathname).toBe('/s/viajes-demo/hoteles');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      destino: 'p-1',
      nombre: 'Cartagena de Indias',
      entrada: '2026-12-10',
      salida: '2026-12-12',
      adultos: '2',
    });
  });
});
