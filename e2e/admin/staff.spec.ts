import type { AdminSessionInfo, AdminUserInfo } from '../../shared/types';
import {
  ADMIN,
  createAdminUser,
  createHiddenProduct,
  expect,
  expectToast,
  test,
  unique,
} from './fixtures';

test.describe.configure({ timeout: 120_000 });

const SCREENSHOTS = process.env.STAFF_SCREENSHOTS;

test('sessions: ending another session from the "Sesi aktif" panel signs that browser out', async ({
  browser,
  baseURL,
}) => {
  // An account of its own: ending sessions must not touch the admin the other specs use.
  const user = createAdminUser();
  const signInAt = async () => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    return { context, page };
  };
  const first = await signInAt();
  const second = await signInAt();
  try {
    const page = first.page;
    await page.getByRole('navigation', { name: 'Admin sections' }).getByText('Pengguna').click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'Pengguna & Sesi' })).toBeVisible();
    const rows = page.getByTestId('session-row');
    await expect(rows).toHaveCount(2);
    const current = rows.filter({ hasText: 'Sesi ini' });
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Chrome di Windows');

    // Signed in as this user: its own disable control is off, with the reason beside it.
    const ownRow = page.getByRole('row', { name: user.username });
    await expect(ownRow.getByRole('button', { name: 'Nonaktifkan' })).toBeDisabled();
    await expect(
      page.getByText('Anda tidak dapat menonaktifkan akun Anda sendiri.').first(),
    ).toBeVisible();
    if (SCREENSHOTS)
      await page.screenshot({ path: `${SCREENSHOTS}/users-and-sessions.png`, fullPage: true });

    await rows
      .filter({ hasNotText: 'Sesi ini' })
      .getByRole('button', { name: /^Akhiri sesi/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Konfirmasi' });
    await expect(dialog).toContainText('Akhiri sesi di Chrome di Windows');
    await dialog.getByRole('button', { name: 'Akhiri' }).click();
    await expectToast(page, 'Sesi di Chrome di Windows diakhiri.');
    await expect(rows).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Akhiri semua sesi lain' })).toBeDisabled();

    // The other browser is bounced to the login page on its next visit.
    await second.page.goto('/admin/categories');
    await expect(second.page).toHaveURL(/\/admin\/login/);
    expect((await second.page.request.get(`${baseURL}/api/admin/me`)).status()).toBe(401);
    // This one carries on.
    expect((await page.request.get(`${baseURL}/api/admin/me`)).status()).toBe(200);
    const sessions = (await (
      await page.request.get(`${baseURL}/api/admin/sessions`)
    ).json()) as AdminSessionInfo[];
    expect(sessions.map((s) => s.current)).toEqual([true]);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('users: add an admin, reset its password and disable it, with confirmation', async ({
  adminPage: page,
  api,
}) => {
  const username = `e2e-staff-${Date.now().toString(36)}`;
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const add = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await add.getByLabel('Nama pengguna').fill(username);
  await add.getByLabel('Kata sandi').fill('short');
  await add.getByRole('button', { name: 'Tambah Pengguna' }).click();
  await expect(add.getByText('Password must be at least 10 characters')).toBeVisible();
  await add.getByLabel('Kata sandi').fill('long-enough-password');
  await add.getByRole('button', { name: 'Tambah Pengguna' }).click();
  await expectToast(page, `Pengguna ${username} ditambahkan.`);
  const row = page.getByRole('row', { name: username });
  await expect(row).toContainText('Aktif');

  // Both changes ask for the signed-in admin's own password; a wrong one changes nothing.
  await row.getByRole('button', { name: 'Atur ulang kata sandi' }).click();
  const reset = page.getByRole('dialog', { name: `Atur Ulang Kata Sandi: ${username}` });
  await reset.getByLabel('Kata sandi baru').fill('another-long-password');
  await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
  await expect(reset.getByText('Masukkan kata sandi Anda saat ini.')).toBeVisible();
  await reset.getByLabel('Kata sandi Anda saat ini').fill('not-my-password');
  await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
  await expect(reset.getByText('Your current password is incorrect')).toBeVisible();
  await reset.getByLabel('Kata sandi Anda saat ini').fill(ADMIN.password);
  await reset.getByRole('button', { name: 'Simpan Kata Sandi' }).click();
  await expectToast(page, `Kata sandi ${username} diatur ulang.`);

  await row.getByRole('button', { name: 'Nonaktifkan' }).click();
  const confirm = page.getByRole('dialog', { name: `Nonaktifkan Pengguna: ${username}` });
  await expect(confirm).toContainText(`Nonaktifkan ${username}?`);
  await confirm.getByLabel('Kata sandi Anda saat ini').fill(ADMIN.password);
  await confirm.getByRole('button', { name: 'Nonaktifkan' }).click();
  await expectToast(page, `${username} dinonaktifkan.`);
  await expect(row).toContainText('Nonaktif');
  const users = await api.get<AdminUserInfo[]>('/api/admin/users');
  expect(users.find((u) => u.username === username)?.disabled).toBe(true);
  const login = await page.request.post('/api/admin/login', {
    data: { username, password: 'another-long-password' },
  });
  expect(login.status()).toBe(401);
});

test('audit: the "Riwayat perubahan" screen shows the change just made, filtered in the address', async ({
  adminPage: page,
  api,
}) => {
  const title = unique('E2E Riwayat');
  const product = await createHiddenProduct(api, { title });

  // The change: the discount, edited in the product dialog.
  await page.goto('/admin/products');
  await page.getByLabel('Cari produk').fill(title);
  // The new product also heads the unfiltered list: a click there can land as the searched list
  // replaces it (CI, session 40), so the click waits for the search's own list.
  await expect(page.getByTestId('product-row')).toHaveCount(1);
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Produk' });
  await expect(edit.getByLabel('Judul Produk')).toHaveValue(title);
  await edit.getByLabel('Diskon (%)').fill('45');
  await edit.getByRole('button', { name: 'Simpan Perubahan' }).click();
  await expectToast(page, 'Produk berhasil diperbarui');

  // The dialog links to the product's history.
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Edit Produk' })
    .getByRole('link', { name: 'Lihat riwayat' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/audit\\?entity=product&entityId=${product.id}$`));
  await expect(page.getByRole('heading', { name: 'Riwayat perubahan' })).toBeVisible();
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Diubah');
  await expect(rows.first()).toContainText(ADMIN.username);
  await expect(rows.first()).toContainText(`Mengubah produk “${title}”: Diskon`);
  await expect(rows.first()).toContainText('Diskon: 20% → 45%');
  await expect(rows.nth(1)).toContainText('Dibuat');
  await expect(page.getByLabel('ID data')).toHaveValue(product.id);
  if (SCREENSHOTS)
    await page.screenshot({ path: `${SCREENSHOTS}/audit-product.png`, fullPage: true });

  // Filters live in the address: clearing the record shows every product change, page 1.
  await page.getByLabel('ID data').fill('');
  await page.getByLabel('ID data').blur();
  await expect(page).toHaveURL(/\/admin\/audit\?entity=product$/);
  // Other specs change products at the same time: this one's change is on page 1, not always first.
  await expect(rows.filter({ hasText: title }).first()).toBeVisible();
  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-count')).toContainText('entri');
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/audit-all.png`, fullPage: true });
});
