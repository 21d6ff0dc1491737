/**
 * What the storefront's own web entry and the server's pre-rendered storefront page share (issue 20,
 * decision 0460). This module imports nothing, zod included: the storefront home loads it through the
 * `@travesia/contracts/storefront-page` export without the contracts index and its schemas.
 */

/** Widths an upload is resized to (never enlarged); the plain name is the largest. */
export const IMAGE_WIDTHS = [320, 800, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** URL of a stored image, optionally one of its web sizes: imageUrl('ab…cd.webp', 320). */
export function imageUrl(file: string, width?: ImageWidth): string {
  const name = width ? file.replace(/\.webp$/, `-${width}.webp`) : file;
  return `/api/file/serve/${name}`;
}

/** The platform's own colour, used when a white label has none (the web's base theme uses the same). */
export const PLATFORM_PRIMARY = '#0b6e4f';

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};
/** WCAG contrast ratio between two #rrggbb colours. */
export const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

const darken = (hex: string, amount: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(c * (1 - amount)));
  return `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;
};

/**
 * The white label's colour, darkened just enough for white text on it (buttons, the hero) to reach
 * WCAG AA 4.5:1, so any colour an admin picks keeps the storefront readable.
 */
export function readablePrimary(hex: string | null | undefined): string {
  let c = hex && /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : PLATFORM_PRIMARY;
  for (let i = 0; i < 20 && contrast(c, '#ffffff') < 4.5; i++) c = darken(c, 0.08);
  return c;
}

/**
 * The id of the `<script type="application/json">` in which the server hands the storefront page its
 * published site (`StorefrontSite`) and the slug it serves, so the home needs no request before painting.
 */
export const STOREFRONT_BOOT_ID = 'storefront-boot';

/** What that script holds: the site, or null when the slug is unknown or not live (the page says so). */
export interface StorefrontBoot {
  slug: string;
  /** The `StorefrontSite` (typed by the contracts index), or null. */
  site: unknown;
  /** True when the storefront was chosen by the request's host (`/` on its own domain), not by `/s/{slug}`. */
  byHost: boolean;
}

const priceFormats = new Map<string, Intl.NumberFormat>();

/**
 * A price as `formatMoney` (format/money.ts) shows it — COP '1.234.568 COP', EUR '1.234,50 EUR', others
 * '1,234.50 USD' — for the decimal strings the API answers, without decimal.js: Intl formats a decimal
 * string exactly and rounds half away from zero, as `roundMoney` does. '' for anything but a decimal string.
 * (storefront-page.test.ts checks both agree.)
 */
export function formatPrice(amount: string, currency: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return '';
  const code = currency.toUpperCase();
  const decimals = code === 'COP' ? 0 : 2;
  const locale = code === 'COP' || code === 'EUR' ? 'es-CO' : 'en-US';
  const key = `${locale}:${decimals}`;
  let f = priceFormats.get(key);
  if (!f) {
    // signDisplay 'negative': an amount that rounds to zero shows no sign ('-0.1' COP is '0 COP', as with Decimal).
    f = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
      signDisplay: 'negative',
    });
    priceFormats.set(key, f);
  }
  const text = f.format(amount as unknown as number);
  return code ? `${text} ${code}` : text;
}

/** 'YYYY-MM-DD…' → 'DD-MM-YYYY'. */
const shownDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/**
 * The hotel results page's heading and search summary from its query (`nombre`, `entrada`, `salida`,
 * `adultos`, `ninos`): the server pre-renders them and the page renders the same text, so the first paint
 * already says what is being searched. `summary` is null without dates.
 */
export function hotelResultsHeading(params: URLSearchParams): { title: string; summary: string | null } {
  const place = params.get('nombre') ?? '';
  const start = params.get('entrada');
  const end = params.get('salida');
  const adults = Number(params.get('adultos') ?? 2) || 2;
  const children = (params.get('ninos') ?? '').split(',').filter((a) => /^\d{1,2}$/.test(a) && Number(a) <= 17).length;
  const people = [
    `${adults} ${adults === 1 ? 'adulto' : 'adultos'}`,
    ...(children ? [`${children} ${children === 1 ? 'niño' : 'niños'}`] : []),
  ];
  return {
    title: `Hoteles${place ? ` en ${place}` : ''}`,
    summary: start && end ? `${shownDay(start)} – ${shownDay(end)} · ${people.join(', ')}` : null,
  };
}
