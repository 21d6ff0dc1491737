import { DEMO, expect, signIn, test } from './fixtures';
import { drawerEntries, loginThroughUi } from './shell-helpers';

const cases = [
  {
    who: 'super',
    email: DEMO.super,
    home: '/sa/agencies',
    heading: 'Agencias',
    name: 'Sofía Rangel',
    typeLabel: 'SUPER',
    menu: ['Buscadores', 'Agencias', 'Reservas', 'Producto', 'Usuarios', 'Plantillas Proveedor', 'White Labels', 'Logout'],
  },
  {
    who: 'agency',
    email: DEMO.agency,
    home: '/dashboard',
    heading: 'Dashboard',
    name: 'Andrés Montoya',
    typeLabel: 'Agencia',
    menu: ['Perfil', 'Dashboard', 'Buscadores', 'Reservas', 'Usuarios', 'Configuración', 'Markups', 'White Labels', 'Logout'],
  },
  {
    who: 'adviser',
    email: DEMO.adviser,
    home: '/dashboard',
    heading: 'Dashboard',
    name: 'Camila Ortiz',
    typeLabel: 'Asesor | Minorista',
    menu: ['Perfil', 'Dashboard', 'Buscadores', 'Reservas', 'Logout'],
  },
  {
    who: 'product-loader',
    email: DEMO.loader,
    home: '/hotels/search/travesia',
    heading: 'Hoteles Travesía',
    name: 'Julián Pérez',
    typeLabel: 'Cargador de Producto',
    menu: ['Buscadores', 'Reservas', 'Producto', 'Logout'],
  },
  {
    who: 'reseller',
    email: DEMO.reseller,
    home: '/dashboard',
    heading: 'Dashboard',
    name: 'Valentina Gómez',
    typeLabel: 'Revendedor',
    menu: ['Perfil', 'Dashboard', 'Buscadores', 'Reservas', 'Logout'],
  },
];

for (const c of cases) {
  test(`${c.who} signs in through the form, lands on ${c.home} and sees exactly its drawer`, async ({ page }) => {
    await loginThroughUi(page, c.email);
    await expect(page).toHaveURL(c.home);
    await expect(page.getByRole('heading', { name: c.heading, exact: true })).toBeVisible();
    expect(await drawerEntries(page)).toEqual(c.menu);
    await expect(page.getByTestId('top-bar-user')).toHaveText(c.name);
    await expect(page.getByTestId('top-bar-type')).toHaveText(c.typeLabel);
    if (c.menu.includes('Perfil')) {
      await expect(page.getByRole('menuitem', { name: 'Perfil' })).not.toHaveAttribute('aria-disabled', 'true');
    }
  });
}

test('agency staff see their agency and its mode in the bars; searchers follow the enabled modules', async ({ page }) => {
  await signIn(page, DEMO.agency2);
  await page.goto('/dashboard');
  await expect(page.getByTestId('top-bar-org')).toHaveText('Agencia Norte');
  await expect(page.getByTestId('mode-tag')).toHaveText('Pruebas (sandbox)');
  await expect(page.getByTestId('bottom-bar-context')).toContainText('Agencia Norte');
  expect(await drawerEntries(page)).not.toContain('White Labels');

  await page.getByRole('menuitem', { name: 'Buscadores' }).click();
  const nav = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(nav.getByRole('menuitem', { name: 'Hoteles Travesía' })).toBeVisible();
  await expect(nav.getByRole('menuitem', { name: 'Traslados Travesía' })).toHaveCount(0);
  await nav.getByRole('menuitem', { name: 'Hoteles Restel' }).click();
  await expect(page).toHaveURL('/hotels/search/restel');
  await expect(page.getByRole('heading', { name: 'Hoteles Restel' })).toBeVisible();
});

test('an adviser opening /user/ gets the 403 page, not a redirect', async ({ page }) => {
  await signIn(page, DEMO.adviser);
  await page.goto('/user/');
  await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible();
  await expect(page).toHaveURL('/user/');
  await page.getByRole('button', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('a module the agency lacks is forbidden even by typing its address', async ({ page }) => {
  await signIn(page, DEMO.agency2);
  await page.goto('/search/transfer/travesia');
  await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible();
  await page.goto('/whitelabels/');
  await expect(page.getByRole('heading', { name: 'No tienes permiso para ver esta página' })).toBeVisible();
});

test('the drawer collapses into a slide-out menu on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, DEMO.agency);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('menuitem', { name: 'Usuarios' }).click();
  await expect(page).toHaveURL('/user/');
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeHidden();
});

test('logout from the account menu signs out and /about shows the product', async ({ page }) => {
  await signIn(page, DEMO.reseller);
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Travesía' })).toBeVisible();
  await expect(page.getByText(/^Versión \d+\.\d+\.\d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Cuenta de Valentina Gómez' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});
