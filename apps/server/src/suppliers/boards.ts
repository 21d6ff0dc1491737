import { BOARD_LABELS, type BoardCode } from '@travesia/contracts';
import type { Board } from './types.js';

/**
 * Supplier board codes to ours. Hotelbeds uses RO/BB/HB/FB/AI and variants (CB continental, AB
 * American…); Juniper and Restel use Spanish codes (SA/OB solo alojamiento, AD desayuno, MP media
 * pensión, PC pensión completa, TI todo incluido). An unknown code answers null: the offer is dropped.
 */
const TABLE: Record<string, BoardCode> = {
  RO: 'RO',
  SA: 'RO',
  OB: 'RO',
  SC: 'RO',
  BB: 'BB',
  AD: 'BB',
  AB: 'BB',
  CB: 'BB',
  DB: 'BB',
  BH: 'BB',
  HB: 'HB',
  MP: 'HB',
  HD: 'HB',
  FB: 'FB',
  PC: 'FB',
  AI: 'AI',
  TI: 'AI',
  AS: 'AI',
};

export function normaliseBoard(supplierCode: unknown): Board | null {
  if (typeof supplierCode !== 'string') return null;
  const code = TABLE[supplierCode.trim().toUpperCase()];
  return code ? { code, label: BOARD_LABELS[code], supplierCode } : null;
}
