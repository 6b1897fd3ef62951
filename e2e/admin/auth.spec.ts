import { ADMIN, createAdminUser, expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });

test.describe('sign-in flow', () => {
  test('a protected page checks the session, then sends the visitor to the login page with returnTo', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/me', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/admin/products?from=test');
    await expect(page.getByText('Checking authentication...')).toBeVisible();
    release();
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fproducts%3Ffrom%3Dtest$/);
    await expect(page.getByRole('heading', { name: 'DiskonRadar Admin' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // The returnTo round trip: after signing in the admin lands on the page they asked for.
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/products\?from=test$/);
    await expect(page.getByRole('heading', { name: 'Kelola Produk' })).toBeVisible();
  });

  test('the login form validates, shows and hides the password and reports server errors', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Tampilkan password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sembunyikan password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // The server's own message.
    await page.getByLabel('Username').fill(`nobody-${Date.now()}`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/admin\/login$/);

    // A body that cannot be read, then a body without a message.
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>bad gateway</html>' }),
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Login failed');
    await page.unroute('**/api/admin/login');
    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('HTTP 500: Internal Server Error');
  });

  test("signing in reads 'Signing in...' and lands on the dashboard by default", async ({
    page,
  }) => {
    await page.goto('/admin/login');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText(`Welcome, ${ADMIN.username}`).first()).toBeVisible();
  });

  test('a signed-in admin on the login page is redirected to returnTo; foreign targets are ignored', async ({
    adminPage: page,
  }) => {
    await page.goto('/admin/login?returnTo=%2Fadmin%2Fcontent');
    await expect(page).toHaveURL(/\/admin\/content$/);
    await page.goto('/admin/login?returnTo=https%3A%2F%2Fevil.example%2Fadmin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('logout ends the session, wipes cached data and returns to the login page', async ({
    page,
    baseURL,
  }) => {
    const user = createAdminUser();
    expect(
      (await page.request.post(`${baseURL}/api/admin/login`, { data: user })).ok(),
    ).toBeTruthy();
    await page.goto('/admin/categories');
    await expect(page.getByTestId('category-card').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('welcome')).toHaveText(`Welcome, ${user.username}`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId('category-card')).toHaveCount(0);
    expect((await page.request.get(`${baseURL}/api/admin/me`)).status()).toBe(401);

    // The protected pages ask for a session again.
    await page.goto('/admin/categories');
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fcategories$/);
    await expect(page.getByTestId('category-card')).toHaveCount(0);
  });
});
