import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO = {
  super: 'super@travesia.example',
  agency: 'agencia@travesia.example',
  adviser: 'asesor@travesia.example',
  loader: 'cargador@travesia.example',
  reseller: 'revendedor@travesia.example',
  agency2: 'agencia2@travesia.example',
} as const;

/** `page` and `baseURL` pointed at the server global-setup started. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this destructuring.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});
export { expect };

/**
 * A surname no other booking has, letters only (the name fields take letters). Tests that count "the bookings of
 * this holder" use it: a retried test (CI retries once) must not find the booking its first attempt made.
 */
export const uniqueSurname = (prefix: string) =>
  `${prefix}${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

/** Who cancels a demo voucher: each test that does takes its own slot, so no two take the same one. */
export const CANCEL_SLOTS = { apiKey: 0, webhookRetry: 1, agencyLook: 2, cancelReason: 3 } as const;

const DAY = 86_400_000;
const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/**
 * A confirmed demo voucher of the signed-in agency that a test may cancel without racing another: seeded
 * days before the run (never one a test books today, which its own test may be cancelling) and created in
 * the fortnight of its slot (disjoint from every other slot's, whatever the filter), its trip still ahead.
 * The browser tests run in parallel workers: "the newest confirmed voucher" was the same one for two of them.
 */
export async function demoVoucherToCancel(
  request: APIRequestContext,
  slot: (typeof CANCEL_SLOTS)[keyof typeof CANCEL_SLOTS],
  filter: string,
  headers?: Record<string, string>,
): Promise<{ _id: string; start: string | null; createdAt: string }> {
  const from = isoDay(2 + 14 * (slot + 1) - 1);
  const to = isoDay(2 + 14 * slot);
  const res = await request.get(`/api/voucher?status=confirmed&${filter}&from=${from}&to=${to}&limit=100`, { headers });
  expect(res.status(), await res.text()).toBe(200);
  const docs = (await res.json()).docs as Array<{ _id: string; start: string | null; createdAt: string }>;
  const ahead = docs.find((d) => d.start !== null && d.start > isoDay(-2));
  expect(ahead, `a confirmed demo voucher (${filter}) created ${from}…${to} whose trip is ahead`).toBeTruthy();
  return ahead as { _id: string; start: string | null; createdAt: string };
}

/**
 * Signs in through the API and puts the session cookie in the browser: fast set-up for specs that
 * test something other than the login screen (which has its own spec).
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  const baseURL = process.env.E2E_BASE_URL as string;
  const res = await page.request.post(`${baseURL}/api/user/login`, { data: { user: email, password } });
  expect(res.status(), `login ${email}`).toBe(200);
  const { token } = await res.json();
  await page.context().addCookies([{ name: 'adm-kd-token', value: token, url: baseURL, sameSite: 'Strict' }]);
  return token as string;
}

/** The newest caught mail to `to`, waiting up to `ms`. */
export async function waitForMail(to: string, ms = 10_000): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR as string;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const files = readdirSync(dir)
      .filter((f) => f.includes(to))
      .sort();
    const last = files.at(-1);
    if (last) return decodeQuotedPrintable(readFileSync(path.join(dir, last), 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to}`);
}

const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/**
 * Presses "Confirmar reserva" in the final confirmation (twice when `double`, to prove one booking). The dialog
 * zooms in; on a loaded machine a click that Playwright saw land sometimes reached no handler, so the press is
 * repeated until the dialog has closed: the first press that lands closes it, and the checkout's idempotency key
 * makes a repeated press book nothing twice.
 */
export async function confirmFinal(page: Page, opts: { double?: boolean } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Confirmar la reserva' });
  const confirm = dialog.getByRole('button', { name: 'Confirmar reserva' });
  await expect(confirm).toBeVisible({ timeout: 15_000 });
  await expect(async () => {
    if (await confirm.isVisible()) await (opts.double ? confirm.dblclick({ timeout: 3_000 }) : confirm.click({ timeout: 3_000 }));
    await expect(dialog).toBeHidden({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
