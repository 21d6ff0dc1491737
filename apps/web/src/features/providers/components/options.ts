import { PROVIDER_LANGUAGE_LABELS, PROVIDER_LANGUAGES, SUPPLIER_LABELS, SUPPLIERS } from '@travesia/contracts';

/** Select options built once from the platform's Intl data (Spanish names), so no list is kept by hand. */
export const supplierOptions = SUPPLIERS.map((s) => ({ value: s, label: SUPPLIER_LABELS[s] }));

export const languageOptions = PROVIDER_LANGUAGES.map((l) => ({ value: l, label: `${PROVIDER_LANGUAGE_LABELS[l]} (${l})` }));

function currencyList(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['es'], { type: 'currency' });
  const codes = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['USD', 'EUR', 'COP', 'MXN'];
  return codes.map((c) => ({ value: c, label: `${c} · ${names.of(c) ?? c}` }));
}

function countryList(): { value: string; label: string }[] {
  const names = new Intl.DisplayNames(['es'], { type: 'region', fallback: 'none' });
  const out: { value: string; label: string }[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      // Only real, current countries: skip unknown codes and the reserved X*/Q*/ZZ/EU/UN groupings.
      if (name && !/^(X.|Q.|ZZ|EU|EZ|UN|AA)$/.test(code)) out.push({ value: code, label: `${name} (${code})` });
    }
  }
  return out.sort((x, y) => x.label.localeCompare(y.label, 'es'));
}

let currencies: ReturnType<typeof currencyList> | undefined;
let countries: ReturnType<typeof countryList> | undefined;
export const currencyOptions = () => (currencies ??= currencyList());
export const countryOptions = () => (countries ??= countryList());
