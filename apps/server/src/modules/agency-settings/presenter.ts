import {
  type AgencyAppearance,
  type AgencyAppSettings,
  type AgencyBranding,
  DEFAULT_TIME_ZONE,
  NOTIFICATION_KINDS,
  type NotificationEmails,
} from '@travesia/contracts';
import type { AgencyRow, AgencySettingsRow } from '../../db/schema/index.js';

const orNull = <T>(v: T | null | undefined): T | null => v ?? null;

export function toAppSettingsDto(agency: AgencyRow, row: AgencySettingsRow | undefined): AgencyAppSettings {
  const p = row?.profile ?? {};
  const d = row?.defaults ?? {};
  const emails = Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, row?.notificationEmails[k] ?? []])) as NotificationEmails;
  return {
    agencyId: agency.id,
    name: agency.name,
    legalName: orNull(p.legalName),
    tradeName: orNull(p.tradeName),
    taxId: orNull(p.taxId),
    address: orNull(p.address),
    city: orNull(p.city),
    country: orNull(p.country),
    phone: orNull(p.phone),
    website: orNull(p.website),
    billingEmail: orNull(p.billingEmail),
    defaultCurrency: (d.currency as AgencyAppSettings['defaultCurrency']) ?? 'USD',
    language: (d.language as AgencyAppSettings['language']) ?? 'es',
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    defaultNationality: orNull(d.nationality),
    defaultAdults: d.adults ?? 2,
    defaultChildren: d.children ?? 0,
    notificationEmails: emails,
    deadlineShiftDays: row?.deadlineShiftDays ?? 0,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function toAppearanceDto(agency: AgencyRow, row: AgencySettingsRow | undefined): AgencyAppearance {
  const a = row?.appearance ?? {};
  return {
    agencyId: agency.id,
    theme: agency.theme as AgencyAppearance['theme'],
    primaryColor: orNull(a.primaryColor),
    logoLight: orNull(a.logoLight),
    logoDark: orNull(a.logoDark),
    favicon: orNull(a.favicon),
    voucherHeader: orNull(a.voucherHeader),
    voucherFooter: orNull(a.voucherFooter),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

export function toBranding(agency: AgencyRow, row: AgencySettingsRow | undefined): AgencyBranding {
  const a = row?.appearance ?? {};
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    theme: agency.theme,
    primaryColor: orNull(a.primaryColor),
    logoLight: orNull(a.logoLight),
    logoDark: orNull(a.logoDark),
    favicon: orNull(a.favicon),
    voucherHeader: orNull(a.voucherHeader),
    voucherFooter: orNull(a.voucherFooter),
    deadlineShiftDays: row?.deadlineShiftDays ?? 0,
  };
}
