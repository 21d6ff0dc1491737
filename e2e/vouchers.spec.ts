import { CANCEL_SLOTS, DEMO, demoVoucherToCancel, expect, signIn, test } from './fixtures';

test('the bookings list filters by client name on the server', async ({ page, baseURL }) => {
  await signIn(page, DEMO.agency);
  await page.goto('/booking');
  await expect(page.getByRole('heading', { name: 'Reservas' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Buscar reservas' });
  await search.fill('Restrepo');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=Restrepo/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('Restrepo');
  // The total the screen shows is the server's.
  const api = await (await page.request.get(`${baseURL}/api/voucher?q=Restrepo`)).json();
  await expect(page.locator('.ant-pagination-total-text')).toContainText(api.totalDocs.toLocaleString('es-CO'));

  // Accents and case are folded: "HERNANDEZ" finds "Hernández".
  await search.fill('HERNANDEZ');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=HERNANDEZ/);
  await expect(rows.first()).toContainText('Hernández');
  const folded = await rows.count();
  for (let i = 0; i < folded; i++) await expect(rows.nth(i)).toContainText('Hernández');
});

test('the voucher page shows the booking and downloads its PDF', async ({ page, baseURL }) => {
  await signIn(page, DEMO.agency);
  const list = await (await page.request.get(`${baseURL}/api/voucher?status=confirmed&type=hotel&limit=1`)).json();
  const v = list.docs[0];
  await page.goto(`/booking/${v._id}/voucher`);
  await expect(page.getByText('Voucher de servicio')).toBeVisible();
  await expect(page.getByText(v.externalBookingReference)).toBeVisible();
  await expect(page.getByText(v.product.name).first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`voucher-${v.externalBookingReference}.pdf`);
});

test('a client approves a booking through the external link, once', async ({ page, browser, baseURL }) => {
  await signIn(page, DEMO.agency);
  const list = await (await page.request.get(`${baseURL}/api/voucher?status=quotation&limit=1`)).json();
  const v = list.docs[0];
  await page.goto(`/booking/${v._id}/detail`);
  await page.getByRole('button', { name: 'Enlace de aprobación' }).click();
  const link = (await page.getByTestId('approval-link').innerText()).trim();
  expect(link).toMatch(new RegExp(`/booking/external/${v._id}-[0-9a-f]{64}$`));

  // The client opens it with no session.
  const client = await browser.newContext();
  const cp = await client.newPage();
  await cp.goto(link);
  await expect(cp.getByText(v.externalBookingReference)).toBeVisible();
  await cp.getByRole('button', { name: 'Aprobar reserva' }).click();
  await expect(cp.getByText('Aprobaste esta reserva')).toBeVisible();
  // The same link cannot decide again.
  const again = await cp.request.post(`${baseURL}/api/voucher/ext/approve`, {
    data: { id: v._id, key: link.split('-').at(-1), approved: false },
  });
  expect(again.status()).toBe(409);
  await client.close();

  await page.reload();
  await expect(page.getByText('Decisión de aprobación')).toBeVisible();
  await expect(page.getByText('enlace externo')).toBeVisible();
});

test('the booking detail shows each reader only the costs its view allows (issue 12 #5)', async ({ page, baseURL }) => {
  const detailOf = async (email: string) => {
    await signIn(page, email);
    const list = await (await page.request.get(`${baseURL}/api/voucher?type=hotel&limit=1`)).json();
    const v = list.docs[0];
    await page.goto(`/booking/${v._id}/detail`);
    await expect(page.getByText('Valores')).toBeVisible();
    return v;
  };
  const supplierCost = page.getByText('Costo del proveedor');
  const agencyCost = page.getByText('Costo de la agencia');

  const forSuper = await detailOf(DEMO.super);
  expect(forSuper.view).toBe('full');
  await expect(supplierCost).toBeVisible();

  const forAgency = await detailOf(DEMO.agency);
  expect(forAgency.view).toBe('agency');
  expect(forAgency).not.toHaveProperty('cost');
  await expect(agencyCost).toBeVisible();
  await expect(supplierCost).toHaveCount(0);

  const forAdviser = await detailOf(DEMO.adviser);
  expect(forAdviser.view).toBe('staff');
  await expect(supplierCost).toHaveCount(0);
  await expect(agencyCost).toHaveCount(0);
  await page.goto('/booking');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Precio' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Costo' })).toHaveCount(0);
});

test('ticket, transfer and flight vouchers show their own section on the detail and the printable voucher (issue 13 #6)', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.agency);
  // The demo vouchers of each kind (the suite's own bookings of tickets, transfers and flights, made by
  // earlier specs, need not carry an emergency contact or a pickup to confirm): the newest that has what is checked.
  type Doc = { _id: string; section?: Record<string, unknown> & { legs?: { checkPickup?: unknown }[] } };
  const find = async (type: string, fits: (v: Doc) => boolean) => {
    const docs = (await (await page.request.get(`${baseURL}/api/voucher?type=${type}&limit=100`)).json()).docs as Doc[];
    const found = docs.find(fits);
    expect(found, `a ${type} voucher to check`).toBeTruthy();
    // biome-ignore lint/suspicious/noExplicitAny: the list's JSON, read as the test needs it
    return found as any;
  };

  const ticket = await find('ticket', (v) => Boolean(v.section?.emergencyContact && v.section.session));
  await page.goto(`/booking/${ticket._id}/detail`);
  const section = page.getByTestId('voucher-section');
  // The first paint of each page waits longer: the machine running the suite may be busy.
  const loaded = { timeout: 30_000 };
  await expect(section).toHaveAttribute('data-kind', 'ticket', loaded);
  await expect(section.getByText('Sesión', { exact: true })).toBeVisible();
  await expect(section.getByText(ticket.section.session, { exact: true })).toBeVisible();
  await expect(section.getByText('Punto de encuentro', { exact: true })).toBeVisible();
  await expect(section.getByText('Participantes', { exact: true })).toBeVisible();
  await expect(page.getByText('Contacto de emergencia', { exact: true })).toBeVisible();

  const transfer = await find('transfer', (v) => v.section?.legs?.length === 2 && v.section.legs.some((l) => l.checkPickup));
  await page.goto(`/booking/${transfer._id}/voucher`);
  await expect(page.getByTestId('voucher-section')).toHaveAttribute('data-kind', 'transfer', loaded);
  await expect(page.getByText(/^Ida: /)).toBeVisible();
  await expect(page.getByText(/^Regreso: /)).toBeVisible();
  await expect(page.getByText(transfer.section.legs[0].transportNumber, { exact: true })).toBeVisible();
  await expect(page.getByTestId('check-pickup')).toContainText('se confirma con el proveedor');
  await expect(page.getByTestId('voucher-qr').locator('canvas')).toBeVisible();
  // "A pagar en el hotel" is a hotel thing.
  await expect(page.getByText('A pagar en el hotel')).toHaveCount(0);

  const flight = await find('flight', (v) => {
    const first = (v.section?.segments as { carrier?: string }[] | undefined)?.[0];
    return (
      Boolean(v.section?.pnr) &&
      first?.carrier === 'AV' &&
      Boolean((v.section?.passengers as { ticketNumber?: string }[])?.[0]?.ticketNumber)
    );
  });
  await page.goto(`/booking/${flight._id}/voucher`);
  await expect(page.getByTestId('voucher-section')).toHaveAttribute('data-kind', 'flight', loaded);
  await expect(page.getByText(flight.section.pnr, { exact: true })).toBeVisible();
  await expect(page.getByText(/^Tramo 1: AV \d+/)).toBeVisible();
  // The ticket number opens the passenger's cell; the baggage allowance follows it when the fare has one (the suite's
  // own flight booking, when flights.spec.ts ran first).
  await expect(page.getByText(new RegExp(`^Tiquete ${flight.section.passengers[0].ticketNumber}( · |$)`))).toBeVisible();
});

test('the cancellation reason typed by the agent is kept and shown; the terms agree with the penalty quoted (issue 15 #1, #2)', async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.agency);
  const v = await demoVoucherToCancel(page.request, CANCEL_SLOTS.cancelReason, 'provider=travesia&type=ticket');
  await page.goto(`/booking/${v._id}/detail`);
  const terms = page.getByTestId('voucher-terms');
  await expect(terms).toBeVisible({ timeout: 30_000 });
  const status = await terms.getAttribute('data-status');

  await page.getByRole('button', { name: 'Cancelar reserva' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Penalidad si cancelas ahora')).toBeVisible();
  const quoted = (await dialog.locator('strong').first().innerText()).trim();
  // Free terms on the page mean no penalty in the quote, and a penalty in the quote means no "free" on the page.
  if (status === 'free' || status === 'free-until') expect(quoted).toMatch(/^0[.,]00 /);
  else expect(quoted).not.toMatch(/^0[.,]00 /);
  const reason = 'El cliente <b>cambió</b> sus fechas';
  await dialog.getByRole('textbox', { name: 'Motivo de la cancelación' }).fill(reason);
  await dialog.getByRole('button', { name: 'Cancelar reserva' }).click();
  await expect(page.getByText('Reserva cancelada').first()).toBeVisible();

  await expect(page.getByTestId('cancel-reason')).toContainText(reason);
  await expect(page.getByTestId('event-note-cancelled')).toHaveText(`Motivo: ${reason}`);
  // Typed markup stays text.
  await expect(page.locator('b', { hasText: 'cambió' })).toHaveCount(0);
  // The cancelled voucher offers no second cancellation.
  await expect(page.locator('#root').getByRole('button', { name: 'Cancelar reserva' })).toBeDisabled();

  await page.goto(`/booking/${v._id}/voucher`);
  await expect(page.getByTestId('cancel-reason')).toContainText(reason);
  const stored = await (await page.request.get(`${baseURL}/api/voucher/${v._id}`)).json();
  expect(stored.cancelReason).toBe(reason);
});
