import { DEMO, expect, signIn, test, waitForMail } from './fixtures';

test('an agency admin creates a user through /user/create and sees it in /user/', async ({ page }) => {
  const email = `nuevo-asesor-${Date.now()}@travesia.example`;
  await signIn(page, DEMO.agency);
  await page.goto('/user/');
  await page.getByRole('button', { name: 'Nuevo usuario' }).click();
  await expect(page).toHaveURL('/user/create');

  // The agency admin can only create its own agency's staff.
  await page.getByLabel('Tipo de usuario').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['Agencia', 'Asesor | Minorista', 'Revendedor']);
  await page.keyboard.press('Escape');

  // Empty profile: the spec messages.
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText('Verifica el formulario')).toBeVisible();
  await expect(page.getByText('Email es requerido')).toBeVisible();
  await expect(page.getByText('Nombre es obligatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('Apellido es obligatorio')).toBeVisible();
  await expect(page.getByText('Tipo de Documento es Obligatorio')).toBeVisible();
  await expect(page.getByText('Documento es Obligatorio', { exact: true })).toBeVisible();

  // An email already taken: the server's message on the field, the typed data kept.
  await page.getByLabel('Email').fill(DEMO.adviser);
  await page.getByLabel('Nombre', { exact: true }).fill('Mariana');
  await page.getByLabel('Apellido').fill('Rojas');
  await page.getByLabel('Tipo de documento').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Pasaporte').click();
  await page.getByLabel('Documento', { exact: true }).fill('AB123456');
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ya existe un usuario con ese email' })).toBeVisible();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Mariana');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Puede ver todas las reservas de la agencia').click();
  await page.getByRole('button', { name: 'Crear usuario' }).click();
  await expect(page.getByText(`Usuario creado. Enviamos a ${email} un enlace para elegir su contraseña.`)).toBeVisible();
  await expect(page).toHaveURL('/user/');

  await page.getByLabel('Buscar usuarios').fill('Mariana Rojas'.split(' ')[0]);
  await page.getByLabel('Buscar usuarios').press('Enter');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Mariana Rojas');
  await expect(row).toContainText('Asesor | Minorista');
  expect(await waitForMail(email)).toContain('Abre este enlace para elegir tu contrase');

  // Deactivate and reactivate from the list.
  const status = row.getByRole('switch', { name: `Estado de ${email}` });
  await expect(status).toBeChecked();
  await status.click();
  await expect(status).not.toBeChecked();
  const reloaded = await page.request.get(`${process.env.E2E_BASE_URL}/api/user/all`, { params: { q: email } });
  expect((await reloaded.json()).docs[0].status).toBe('inactive');
  await status.click();
  await expect(status).toBeChecked();
});

test('super filters users by agency and edits one', async ({ page }) => {
  await signIn(page, DEMO.super);
  await page.goto('/user/');
  await expect(page.getByRole('columnheader', { name: 'Agencia' })).toBeVisible();
  await page.getByLabel('Filtrar por agencia').click();
  await page.locator('.ant-select-dropdown:visible').getByText('Agencia Norte').click();
  await expect(page).toHaveURL(/agencyId=/);
  await expect(page.getByRole('row').filter({ hasText: DEMO.agency2 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: DEMO.agency })).toHaveCount(0);

  await page.getByRole('link', { name: `Editar ${DEMO.agency2}` }).click();
  await expect(page.getByRole('heading', { name: /Editar usuario/ })).toBeVisible();
  await page.getByLabel('Teléfono').fill('+57 300 555 0101');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('Guardado correctamente')).toBeVisible();
  await expect(page).toHaveURL('/user/');
});
