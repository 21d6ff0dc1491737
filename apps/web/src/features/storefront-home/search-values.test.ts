import { describe, expect, it } from 'vitest';
import {
  isoDay,
  resultsPath,
  type SearchValues,
  searchErrors,
  shopProducts,
  ticketResultsPath,
  ticketSearchErrors,
  transferResultsPath,
  transferSearchErrors,
  transferTimeLabel,
} from './search-values';

const cartagena = { id: 'p-1', name: 'Cartagena de Indias', type: 'city', label: 'Cartagena de Indias, Bolívar, Colombia' };
const valid: SearchValues = { destination: cartagena, start: '2026-12-10', end: '2026-12-12', adults: 2, children: [] };

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
    expect(searchErrors({ destination: null, start: '', end: '', adults: 2, children: [] }, '2026-11-25')).toEqual({
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

  it("asks each child's age, and carries the ages to the results page", () => {
    expect(searchErrors({ ...valid, children: [7, ''] }, '2026-11-25').children).toBe('Indica la edad de cada niño');
    const url = new URL(resultsPath('viajes-demo', { ...valid, children: [7, 0] }), 'http://x');
    expect(url.searchParams.get('ninos')).toBe('7,0');
  });
});

describe('storefront home: product tabs, ticket and transfer searches', () => {
  const airport = { id: 'p-2', name: 'Aeropuerto Rafael Núñez', type: 'airport', label: 'Aeropuerto Rafael Núñez (CTG), Cartagena' };

  it('shows a tab per product the shop sells, never own hotels alone, hotels when it lists none', () => {
    expect(shopProducts(['hotels-hotelbeds', 'tickets-travesia', 'transfers-hotelbeds'])).toEqual(['hotels', 'tickets', 'transfers']);
    expect(shopProducts(['hotels-travesia', 'transfers-travesia'])).toEqual(['transfers']);
    expect(shopProducts(['flights-santsg'])).toEqual(['hotels']);
  });

  it('checks the ticket search and builds its address', () => {
    const v = { destination: cartagena, date: '2026-12-10', adults: 3, children: [] as Array<number | ''> };
    expect(ticketSearchErrors(v, '2026-11-25')).toEqual({});
    expect(ticketSearchErrors({ ...v, destination: null, date: '2026-11-24' }, '2026-11-25')).toEqual({
      destination: 'Elige un destino de la lista',
      date: 'El día no puede ser anterior a hoy',
    });
    expect(ticketResultsPath('playa', v)).toBe('/s/playa/tickets?destino=p-1&nombre=Cartagena+de+Indias&dia=2026-12-10&adultos=3');
    expect(ticketSearchErrors({ ...v, children: [8, ''] }, '2026-11-25')).toEqual({ children: 'Indica la edad de cada niño' });
    expect(ticketResultsPath('playa', { ...v, children: [8, 5] })).toContain('&ninos=8%2C5');
  });

  it('checks the transfer search, names its time by the airport and builds its address', () => {
    const v = {
      from: airport,
      to: cartagena,
      date: '2026-12-10',
      time: '10:30',
      roundTrip: true,
      returnDate: '2026-12-14',
      returnTime: '15:00',
      adults: 2,
      children: [] as Array<number | ''>,
    };
    expect(transferSearchErrors(v, '2026-11-25')).toEqual({});
    expect(transferTimeLabel(airport, cartagena)).toBe('Hora de llegada del vuelo');
    expect(transferTimeLabel(cartagena, airport)).toBe('Hora de salida del vuelo');
    expect(transferTimeLabel(cartagena, cartagena)).toBe('Hora de recogida');
    expect(transferSearchErrors({ ...v, to: airport, returnDate: '2026-12-10', returnTime: '09:00' }, '2026-11-25')).toEqual({
      to: 'El origen y el destino no pueden ser el mismo lugar',
      returnDate: 'El regreso debe ser posterior a la ida',
    });
    expect(transferSearchErrors({ ...v, roundTrip: false, returnDate: '', returnTime: '' }, '2026-11-25')).toEqual({});
    expect(transferSearchErrors({ ...v, adults: 1, children: [1, 2] }, '2026-11-25')).toEqual({
      children: 'Cada bebé debe viajar con un adulto',
    });
    const path = new URL(transferResultsPath('playa', v), 'http://x');
    expect(path.pathname).toBe('/s/playa/traslados');
    expect(Object.fromEntries(path.searchParams)).toMatchObject({
      desde: 'p-2',
      hasta: 'p-1',
      regreso: '2026-12-14',
      horaRegreso: '15:00',
    });
  });
});
