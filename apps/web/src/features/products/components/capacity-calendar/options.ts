import type { Dayjs } from 'dayjs';

/** Weekday checkboxes, Monday first; values follow dayjs (0 = Sunday) as the bulk endpoints expect. */
export const WEEKDAYS = [
  { value: 1, label: 'Lun' },
  { value: 2, label: 'Mar' },
  { value: 3, label: 'Mié' },
  { value: 4, label: 'Jue' },
  { value: 5, label: 'Vie' },
  { value: 6, label: 'Sáb' },
  { value: 0, label: 'Dom' },
];

export type Tri = 'keep' | 'yes' | 'no';

/** A bulk-edit flag that may stay as it is, be set or be cleared. */
export const TRI_OPTIONS: { value: Tri; label: string }[] = [
  { value: 'keep', label: 'Sin cambio' },
  { value: 'yes', label: 'Sí' },
  { value: 'no', label: 'No' },
];

/** The fields every bulk-edit drawer has: a date range and the weekdays within it. */
export interface BulkRangeValues {
  range: [Dayjs, Dayjs];
  weekdays: number[];
}
