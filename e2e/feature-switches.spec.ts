import { expect, type Page, test } from '@playwright/test';
import { firstDemoClientId, setPortalFeatures, tenantUrlOnPort } from './support/admin-api.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { demoAdviser, demoAdviserPassword } from './support/demo-advisers.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { type PrivateServer, startPrivateServer } from './support/server-process.ts';

// Switching a feature is tenant-wide, and the other specs run in parallel against the shared
// server: these journeys get a server (and database) of their own, and switch back afterwards.
const tenant = 'moneypartner';
let server: PrivateServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startPrivateServer();
});

test.afterAll(async () => {
  await server?.stop();
});

function url(path: string): string {
  return tenantUrlOnPort(tenant, server.port, path);
}

async function expectPageNotFound(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeVisible();
  await expect(page.getByText("We can't seem to find the page you are looking for.")).toBeVisible();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(url('/'));
  await page.getByRole('textbox', { name: 'Email' }).fill(demoAdviser(tenant));
  await page.getByLabel(/^Password/).fill(demoAdviserPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(url('/dashboard'));
}

test("ta_register off: /register is not found and sign-in offers no 'Register'; on again: both are back", async ({
  page,
}) => {
  try {
    await setPortalFeatures(tenant, server.port, { ta_register: false });

    await page.goto(url('/register'));
    await expectPageNotFound(page);
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `feature-off-register-${tenant}`);

    await page.goto(url('/'));
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText("Don't have an account?")).toBeHidden();
    await expect(page.getByRole('link', { name: 'Register' })).toBeHidden();
  } finally {
    await setPortalFeatures(tenant, server.port, { ta_register: true });
  }

  await page.goto(url('/'));
  await expect(page.getByText("Don't have an account?")).toBeVisible();
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(url('/register/profile'));
  await expect(page.getByRole('heading', { level: 1, name: 'Register Profile' })).toBeVisible();
});

test("view_goals off: a client's goals page is not found; on again: it is back", async ({ page }) => {
  const clientId = await firstDemoClientId(tenant, server.port);
  const goals = url(`/user/details/${clientId}/goals`);
  await signIn(page);
  try {
    await setPortalFeatures(tenant, server.port, { view_goals: false });

    // A full load reads the app config afresh.
    await page.goto(goals);
    await expectPageNotFound(page);
    await saveScreenshot(page, `feature-off-goals-${tenant}`);
  } finally {
    await setPortalFeatures(tenant, server.port, { view_goals: true });
  }

  await page.goto(goals);
  await expect(page).toHaveURL(goals);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops!' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Goals' })).toBeVisible();
});
