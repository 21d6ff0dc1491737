import { describe, expect, it } from 'vitest';
import { hotelCategoryLabel, hotelCategoryOptions } from './hotel-category.js';

describe('hotelCategoryLabel', () => {
  it('names our own categories in Spanish (spec §3), from the code or the stored label', () => {
    expect(hotelCategoryLabel('value')).toBe('Económico');
    expect(hotelCategoryLabel('moderate')).toBe('Moderado');
    expect(hotelCategoryLabel('deluxe')).toBe('De Lujo');
    expect(hotelCategoryLabel('deluxe-villas')).toBe('Villas de Lujo');
    expect(hotelCategoryLabel('campgrounds')).toBe('Cabañas');
    expect(hotelCategoryLabel('Moderado')).toBe('Moderado');
  });

  it('reads the suppliers’ star codes', () => {
    expect(hotelCategoryLabel('4EST')).toBe('4 estrellas');
    expect(hotelCategoryLabel('2est')).toBe('2 estrellas');
    expect(hotelCategoryLabel('1EST')).toBe('1 estrella');
    expect(hotelCategoryLabel('5')).toBe('5 estrellas');
    expect(hotelCategoryLabel('3*')).toBe('3 estrellas');
    expect(hotelCategoryLabel(' 4 estrellas ')).toBe('4 estrellas');
    expect(hotelCategoryLabel('H3_5')).toBe('3,5 estrellas');
    expect(hotelCategoryLabel('5LUX')).toBe('5 estrellas lujo');
    expect(hotelCategoryLabel('3LL')).toBe('3 llaves');
    expect(hotelCategoryLabel('HS2')).toBe('Hostal 2 estrellas');
    expect(hotelCategoryLabel('HS')).toBe('Hostal');
    expect(hotelCategoryLabel('AT2')).toBe('Apartamentos 2 llaves');
  });

  it('shows an unknown code as it comes', () => {
    expect(hotelCategoryLabel('BOUTIQUE')).toBe('BOUTIQUE');
    expect(hotelCategoryLabel('7EST')).toBe('7EST');
  });
});

describe('hotelCategoryOptions', () => {
  it('one option per label, its value the codes behind it; numbers first, then by name', () => {
    expect(hotelCategoryOptions(['4EST', 'Moderado', '3EST', '4est', '4', 'value'])).toEqual([
      { value: '3EST', label: '3 estrellas' },
      { value: '4EST,4est,4', label: '4 estrellas' },
      { value: 'value', label: 'Económico' },
      { value: 'Moderado', label: 'Moderado' },
    ]);
    expect(hotelCategoryOptions([])).toEqual([]);
  });
});
