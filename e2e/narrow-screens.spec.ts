import { expect, signIn, test } from './fixtures';
import { type Stop, searchCartagena, WALK_PARTS, WALKS, walk } from './route-walk';

/** A phone: every page fits 390 px wide, nothing scrolls sideways (issue 15, item 8). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

// The parts are independent (each signs in and opens its own pages): both workers may take them.
test.describe.configure({ mode: 'parallel' });

for (const w of WALK_PARTS) {
  test(`no page is wider than a 390 px phone (${w.name})`, async ({ page }) => {
    test.setTimeout(180_000);
    const wide: string[] = [];
    await walk(page, w, async (stop: Stop) => {
      const { scrollWidth, innerWidth } = (await page.evaluate(
        '({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })',
      )) as { scrollWidth: number; innerWidth: number };
      if (scrollWidth > innerWidth) wide.push(`${stop.label ?? stop.path}: ${scrollWidth} px`);
    });
    expect(wide).toEqual([]);
  });
}

test('on a phone the bookings list, the dashboard and the hotel results are cards, not tables', async ({ page }) => {
  test.setTimeout(120_000);
  const agency = WALKS.find((w) => w.who === 'agencia');
  await signIn(page, agency?.email as string);
  await page.goto('/booking');
  await expect(page.getByTestId('voucher-card').first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByTestId('last-voucher-card').first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  await page.goto('/hotels/search');
  await searchCartagena(page);
  await expect(page.getByTestId('hotel-option-card').first()).toBeVisible();
  await expect(page.getByTestId('hotel-card').first().locator('table')).toHaveCount(0);
  // "Ver opción" is on screen and opens the option.
  await page.getByTestId('hotel-option-card').first().getByRole('button', { name: 'Ver opción' }).click();
  await expect(page).toHaveURL(/\/hotels\/options\//);
});
