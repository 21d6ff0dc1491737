import { DEMO, expect, signIn, test } from './fixtures';

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const dmy = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;

test('the bulk edit applies exactly a typed range and the weekdays shown, after a confirmation with the day count', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.loader);
  const places = await page.request.post(`${baseURL}/api/place/autocomplete?type=city`, { data: { keyword: 'cartagena' } });
  const placeId = (await places.json())[0]._id as string;
  const created = await page.request.post(`${baseURL}/api/product/hotel`, {
    data: {
      name: `Hotel Masivo ${Date.now().toString(36)}`,
      placeId,
      stars: 3,
      category: 'value',
      roomTypes: [{ name: 'Doble', maxAdults: 2 }],
    },
  });
  expect(created.status()).toBe(201);
  const hotel = await created.json();
  const roomTypeId = hotel.roomTypes[0]._id as string;

  await page.goto(`/product/hotel/avail?hotel=${hotel._id}`);
  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const drawer = page.locator('.ant-drawer');
  const start = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) + 40 * DAY);
  const last = new Date(start.getTime() + 13 * DAY);
  const range = drawer.locator('.ant-picker-range input');

  // Typing the start date and pressing Enter commits that date; it does not submit the default range.
  await range.nth(0).click();
  await range.nth(0).fill(dmy(start));
  await range.nth(0).press('Enter');
  await expect(range.nth(0)).toHaveValue(dmy(start));
  await range.nth(1).fill(dmy(last));
  await range.nth(1).press('Enter');
  await expect(range.nth(1)).toHaveValue(dmy(last));
  await drawer.getByLabel('Cupo (habitaciones)').fill('4');
  await drawer.getByLabel('Cupo (habitaciones)').press('Enter');
  await expect(page.getByText(/días actualizados/)).toHaveCount(0);
  // Nothing was written by those Enters.
  const calendarUrl = `${baseURL}/api/product/hotel/avail/calendar?roomTypeId=${roomTypeId}&from=${ymd(new Date())}&to=${ymd(new Date(last.getTime() + 30 * DAY))}`;
  expect(((await (await page.request.get(calendarUrl)).json()).days as unknown[]).length).toBe(0);

  // Weekends off: the drawer counts the weekdays left in the range.
  await drawer.getByRole('checkbox', { name: 'Sáb' }).uncheck();
  await drawer.getByRole('checkbox', { name: 'Dom' }).uncheck();
  const expected: string[] = [];
  for (let t = start.getTime(); t <= last.getTime(); t += DAY)
    if (![0, 6].includes(new Date(t).getUTCDay())) expected.push(ymd(new Date(t)));
  expect(expected).toHaveLength(10);
  await expect(drawer.getByTestId('bulk-day-count')).toHaveText('Se modificarán 10 días');

  await drawer.getByRole('button', { name: 'Aplicar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar la edición masiva' });
  await expect(dialog).toContainText(`Se modificarán 10 días: del ${dmy(start)} al ${dmy(last)}, Lun, Mar, Mié, Jue, Vie.`);
  await dialog.getByRole('button', { name: 'Modificar 10 días' }).click();
  await expect(page.getByText('10 días actualizados')).toBeVisible();

  // Exactly those days were written: nothing in the current month, nothing on the weekends.
  const calendar = await page.request.get(calendarUrl);
  const days = ((await calendar.json()).days as { day: string; allotment: number }[]).filter((d) => d.allotment === 4).map((d) => d.day);
  expect(days).toEqual(expected);
});

test('the bulk edit refuses a past range before and after the browser', async ({ page, baseURL }) => {
  await signIn(page, DEMO.loader);
  const list = await (await page.request.get(`${baseURL}/api/product/hotel?page=1&limit=1`)).json();
  const hotel = await (await page.request.get(`${baseURL}/api/product/hotel/${list.docs[0]._id}`)).json();
  const past = ymd(new Date(Date.now() - 5 * DAY));
  const res = await page.request.post(`${baseURL}/api/product/hotel/avail/bulk`, {
    data: { roomTypeId: hotel.roomTypes[0]._id, from: past, to: ymd(new Date()), allotment: 1 },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).msg).toBe('No se pueden modificar días pasados: el rango debe empezar hoy o después');

  // In the drawer, a past month opens with no range and past days cannot be picked.
  await page.goto(`/product/hotel/avail?hotel=${hotel._id}`);
  await page.getByRole('button', { name: 'Mes anterior' }).click();
  await page.getByRole('button', { name: 'Edición masiva' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('.ant-picker-range input').nth(0)).toHaveValue('');
  await drawer.locator('.ant-picker-range input').nth(0).click();
  await expect(page.locator('.ant-picker-cell-disabled').first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Aplicar' }).click();
  await expect(drawer.getByText('Indique el rango de fechas')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Confirmar la edición masiva' })).toHaveCount(0);
});
