import type { StorefrontPlace } from '@travesia/contracts';

/** A local calendar day as `yyyy-MM-dd` (what native date inputs hold), `offset` days from `from`. */
export function isoDay(from: Date, offset = 0): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export interface SearchValues {
  destination: StorefrontPlace | null;
  start: string;
  end: string;
  adults: number;
}

/** Each field's Spanish error, none when the search can go. `today` as `yyyy-MM-dd`. */
export function searchErrors(v: SearchValues, today: string): Partial<Record<'destination' | 'start' | 'end', string>> {
  const errors: Partial<Record<'destination' | 'start' | 'end', string>> = {};
  if (!v.destination) errors.destination = 'Elige un destino de la lista';
  if (!v.start) errors.start = 'Elige la fecha de entrada';
  else if (v.start < today) errors.start = 'La entrada no puede ser anterior a hoy';
  if (!v.end) errors.end = 'Elige la fecha de salida';
  else if (v.start && v.end <= v.start) errors.end = 'La salida debe ser posterior a la entrada';
  return errors;
}

/** The results page's address for a valid search. */
export function resultsPath(slug: string, v: SearchValues): string {
  const q = new URLSearchParams({
    destino: v.destination?.id ?? '',
    nombre: v.destination?.name ?? '',
    entrada: v.start,
    salida: v.end,
    adultos: String(v.adults),
  });
  return `/s/${slug}/hoteles?${q}`;
}
