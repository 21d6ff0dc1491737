import type { Country } from '@travesia/contracts';
import { countries as countryInfo } from 'countries-list';
import isoCountries from 'i18n-iso-countries';
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };

isoCountries.registerLocale(es);

let cached: Country[] | undefined;

/**
 * The country catalogue (spec §3): ISO 3166-1 alpha-2/alpha-3 codes and Spanish names from
 * i18n-iso-countries, calling codes from countries-list; sorted by Spanish name. Built once.
 */
export function countryCatalog(): Country[] {
  if (cached) return cached;
  const names = isoCountries.getNames('es', { select: 'official' });
  const list: Country[] = [];
  for (const [alpha2, name] of Object.entries(names)) {
    const alpha3 = isoCountries.alpha2ToAlpha3(alpha2);
    const info = (countryInfo as Record<string, { phone: number[] } | undefined>)[alpha2];
    if (!alpha3 || !info) continue;
    const phoneCodes = info.phone.map(String);
    list.push({ alpha2, alpha3, name, phoneCode: phoneCodes[0] ?? '', phoneCodes });
  }
  const collator = new Intl.Collator('es', { sensitivity: 'base' });
  cached = list.sort((a, b) => collator.compare(a.name, b.name));
  return cached;
}

export function countryByAlpha2(code: string): Country | undefined {
  return countryCatalog().find((c) => c.alpha2 === code.toUpperCase());
}

/** Spanish name of an ISO alpha-2 code; undefined when unknown. */
export function spanishCountryName(alpha2: string): string | undefined {
  return isoCountries.getName(alpha2, 'es', { select: 'official' });
}
