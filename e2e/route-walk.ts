import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, expect, signIn } from './fixtures';

/**
 * Every screen of the app, per user type, for the sweeps (accessibility, narrow screens). Pages with
 * an id are opened on the first record the API lists; hotel results and the options page are reached
 * by a real search. A stop is `path` plus an optional `act` that brings the page into the state to check.
 */
export interface Stop {
  path: string;
  /** What to do after the page is open (run a search, open an option…). */
  act?: (page: Page) => Promise<void>;
  /** A name for the report when `path` alone does not say it. */
  label?: string;
}

export interface Walk {
  who: string;
  email: string | null;
  /** How many tests the walk is cut into, so that one slow page costs a part's budget and retry, not the whole walk's. */
  parts?: number;
  stops: (request: APIRequestContext) => Promise<Stop[]>;
}

/** One test's share of a walk: stops `part`·size … (`part`+1)·size − 1 of `walk`. */
export interface WalkPart {
  walk: Walk;
  part: number;
  /** "agencia 2/3", or just "super" when the walk is one part. */
  name: string;
}

const firstId = async (request: APIRequestContext, url: string) => {
  const res = await request.get(`${process.env.E2E_BASE_URL}${url}`);
  expect(res.ok(), url).toBe(true);
  const body = await res.json();
  const id = (body.docs ?? body)[0]?._id as string | undefined;
  expect(id, `a record at ${url}`).toBeTruthy();
  return id as string;
};

/** Waits for the app to settle: no spinner, a heading on screen. */
export async function settle(page: Page) {
  await expect(page.locator('main, .ant-layout, form').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading')).toHaveCount(0, { timeout: 30_000 });
}

export async function searchCartagena(page: Page) {
  const field = page.getByRole('combobox', { name: 'Destino' });
  await field.click();
  await field.fill('Cartagena');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Cartagena de Indias' }).first().click();
  await page.getByRole('form', { name: 'Buscar hoteles' }).getByRole('button', { name: 'Buscar', exact: true }).click();
  const progress = page.getByLabel('Progreso por proveedor');
  await expect(progress.locator('[data-state="searching"]')).toHaveCount(0, { timeout: 45_000 });
  await expect(page.getByTestId('hotel-card').first()).toBeVisible({ timeout: 30_000 });
}

async function openOption(page: Page) {
  await searchCartagena(page);
  await page.getByTestId('hotel-card').first().getByRole('button', { name: 'Ver opción' }).first().click();
  await expect(page).toHaveURL(/\/hotels\/options\//);
  await expect(page.getByTestId('quote-price')).toBeVisible({ timeout: 30_000 });
}

export const WALKS: Walk[] = [
  {
    who: 'anónimo',
    email: null,
    stops: async () => [
      { path: '/' },
      { path: '/request-password' },
      // The sign-in entry's third page (decision 0570), here without its code: the alert and the disabled form.
      { path: '/remember-password', label: 'nueva contraseña (enlace sin código)' },
      // The demo storefront's own entry (decision 0460): its home without antd, the destination list open, a legal page.
      { path: '/s/viajes-demo', label: 'tienda: inicio' },
      {
        path: '/s/viajes-demo',
        label: 'tienda: inicio con destinos desplegados',
        act: async (page) => {
          await page.getByRole('combobox', { name: 'Destino' }).fill('Cartagena');
          await expect(page.getByRole('listbox', { name: 'Destinos' }).getByRole('option').first()).toBeVisible({ timeout: 30_000 });
        },
      },
      { path: '/s/viajes-demo/legal/terminos', label: 'tienda: términos' },
      { path: '/s/viajes-demo/mi-reserva', label: 'tienda: mi reserva' },
    ],
  },
  {
    who: 'agencia',
    email: DEMO.agency,
    parts: 3,
    stops: async (request) => {
      const voucher = await firstId(request, '/api/voucher?limit=1');
      const user = await firstId(request, '/api/user/all?limit=1');
      const markup = await firstId(request, '/api/markup?limit=1');
      return [
        { path: '/dashboard' },
        { path: '/about' },
        { path: '/booking' },
        { path: `/booking/${voucher}/detail` },
        { path: `/booking/${voucher}/voucher` },
        { path: '/user' },
        { path: '/user/create' },
        { path: `/user/${user}` },
        { path: '/markup' },
        { path: '/markup/create' },
        { path: `/markup/${markup}` },
        { path: '/configuration/commission' },
        { path: '/configuration/providers' },
        { path: '/configuration' },
        { path: '/whitelabels' },
        // The demo white label's payments page (apps/server/src/modules/payments/seed.ts).
        { path: '/whitelabel/7a1e5b1e-0000-4000-8000-00000000d001/payments' },
        { path: '/hotels/search' },
        { path: '/hotels/search/travesia' },
        { path: '/hotels/search/juniper' },
        { path: '/hotels/search/restel' },
        { path: '/hotels/search/hotelbeds' },
        { path: '/hotels/search', act: searchCartagena, label: 'resultados de hoteles' },
        { path: '/hotels/search', act: openOption, label: 'opción de hotel' },
        { path: '/tickets/search' },
        { path: '/search/tickets/travesia' },
        { path: '/pagina-que-no-existe' },
      ];
    },
  },
  {
    who: 'super',
    email: DEMO.super,
    stops: async (request) => {
      const agency = await firstId(request, '/api/agency?limit=1');
      const place = await firstId(request, '/api/place?perPage=1');
      return [
        { path: '/sa/agencies' },
        { path: '/sa/agencies/create' },
        { path: `/sa/agencies/${agency}` },
        { path: `/sa/agencies/${agency}/providers` },
        { path: '/sa/providers-template' },
        { path: '/place' },
        { path: '/place/create' },
        { path: `/place/${place}` },
        { path: '/booking' },
        { path: '/user' },
        // Super has no agency: these say where its accounts are instead of failing (issue 15).
        { path: '/configuration/providers' },
        { path: '/hotels/search/hotelbeds' },
      ];
    },
  },
  {
    who: 'cargador',
    email: DEMO.loader,
    parts: 2,
    stops: async (request) => {
      const hotel = await firstId(request, '/api/product/hotel?limit=1');
      const ticket = await firstId(request, '/api/product/ticket?limit=1');
      const transfer = await firstId(request, '/api/product/transfer?limit=1');
      return [
        { path: '/product/hotel' },
        { path: '/product/hotel/create' },
        { path: `/product/hotel/${hotel}` },
        { path: `/product/hotel/avail?hotel=${hotel}` },
        { path: '/product/hotel/configuration' },
        { path: '/product/ticket' },
        { path: '/product/ticket/create' },
        { path: `/product/ticket/${ticket}` },
        { path: `/product/ticket/avail?ticket=${ticket}` },
        { path: '/product/transfer' },
        { path: '/product/transfer/create' },
        { path: `/product/transfer/${transfer}` },
        { path: `/product/transfer/avail?transfer=${transfer}` },
      ];
    },
  },
];

/** Every walk cut into its parts, one test each. */
export const WALK_PARTS: WalkPart[] = WALKS.flatMap((w) => {
  const parts = w.parts ?? 1;
  return Array.from({ length: parts }, (_, part) => ({
    walk: w,
    part,
    name: parts > 1 ? `${w.who} ${part + 1}/${parts}` : w.who,
  }));
});

/** Signs the walk's user in (or not) and opens each stop of the part in turn, calling `check` on each. */
export async function walk(page: Page, { walk: w, part }: WalkPart, check: (stop: Stop) => Promise<void>) {
  if (w.email) await signIn(page, w.email);
  const stops = await w.stops(page.request);
  const size = Math.ceil(stops.length / (w.parts ?? 1));
  for (const stop of stops.slice(part * size, (part + 1) * size)) {
    await page.goto(stop.path);
    await settle(page);
    if (stop.act) {
      await stop.act(page);
      await settle(page);
    }
    await check(stop);
  }
}
