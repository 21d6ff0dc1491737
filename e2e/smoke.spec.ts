import { DEMO, expect, signIn, test } from './fixtures';

test('the server answers the app and the API with a session', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Travesía');
  await signIn(page, DEMO.agency);
  const me = await page.request.get(`${baseURL}/api/user`);
  expect(me.status()).toBe(200);
  expect((await me.json()).agency.name).toBe('Viajes Andinos');
});
