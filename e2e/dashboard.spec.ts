import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { saveScreenshot } from './support/screenshot.ts';
import { allTenants, signInAsDemoAdviser } from './support/signed-in-adviser.ts';

/** The subjects of the e-mails the development mailbox holds for an address, newest first. */
async function mailedSubjects(page: Page, to: string): Promise<string[]> {
  const { data } = await page.evaluate(
    async (address) => (await fetch(`/dev/mailbox/messages.json?to=${encodeURIComponent(address)}`)).json(),
    to,
  );
  return (data as { subject: string }[]).map((message) => message.subject);
}

for (const tenant of allTenants) {
  test(`${tenant}: the dashboard lists, searches, invites, suspends and unlinks clients`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-dashboard-${tenant}-${Date.now()}@example.test`;
    const name = `Dana Invited${tenant}`;
    await signInAsDemoAdviser(page, tenant);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The seeded practice's clients, a page at a time, with their count.
    const clients = page.getByRole('region', { name: 'Your clients' });
    await expect(clients.getByText(/^\d+ clients$/)).toBeVisible();
    const table = page.getByRole('table', { name: 'Your clients' });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(page.getByRole('region', { name: 'Consents to follow up' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Ending within 30 days/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `dashboard-clients-${tenant}`);

    // Search narrows the list on the platform and is kept in the URL across a reload.
    const firstEmail =
      (await table.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())?.trim() ?? '';
    const search = page.getByRole('searchbox', { name: 'Search clients by name or email' });
    await search.fill(firstEmail);
    await expect(page.getByText('1 client', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/search=/);
    await page.reload();
    await expect(page.getByText('1 client', { exact: true })).toBeVisible();
    await expect(search).toHaveValue(firstEmail);

    // Invite: the e-mail lands in the mailbox and the client shows as pending.
    await page.getByRole('button', { name: 'Invite a client' }).click();
    const drawer = page.getByRole('dialog', { name: 'Invite a client' });
    await drawer.getByRole('button', { name: 'Send invitation' }).click();
    await expect(drawer.getByText('Please enter a valid email address')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await drawer.getByRole('textbox', { name: 'Email' }).fill(email);
    await drawer.getByRole('textbox', { name: 'First name' }).fill('Dana');
    await drawer.getByRole('textbox', { name: 'Last name' }).fill(`Invited${tenant}`);
    await saveScreenshot(page, `dashboard-invite-${tenant}`);
    await drawer.getByRole('button', { name: 'Send invitation' }).click();
    // Success closes the drawer (a refusal would stay in it, with the platform's message).
    await expect(drawer).toBeHidden({ timeout: 20_000 });
    await expect(page.getByText(`Invitation sent to ${email}`, { exact: true })).toBeVisible();
    await expect
      .poll(() => mailedSubjects(page, email))
      .toEqual([expect.stringContaining('has asked you to share your financial data')]);

    await search.fill(email);
    await expect(page.getByText('1 client', { exact: true })).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByRole('link', { name })).toHaveAttribute('href', /\/user\/details\/\d+$/);

    // Suspend, after confirming.
    await row.getByRole('button', { name: `Suspend ${name}` }).click();
    const suspend = page.getByRole('dialog', { name: `Suspend ${name}?` });
    await expect(suspend).toContainText('though they can still withdraw their consent');
    await saveScreenshot(page, `dashboard-suspend-${tenant}`);
    await suspend.getByRole('button', { name: 'Suspend client' }).click();
    await expect(page.getByText(`${name} is suspended`, { exact: true })).toBeVisible();
    await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

    // Reactivate: the practice that suspended may; an invitee comes back invited, not active.
    await row.getByRole('button', { name: `Reactivate ${name}` }).click();
    await expect(
      page.getByText(`${name} is no longer suspended. Their invitation is still waiting for them.`, {
        exact: true,
      }),
    ).toBeVisible();
    await expect(row.getByText('Suspended', { exact: true })).toHaveCount(0);
    await expect(row.getByText('Pending')).toBeVisible();
    await saveScreenshot(page, `dashboard-reactivated-${tenant}`);

    // Unlink: the confirmation says the practice loses access to the shared data.
    await row.getByRole('button', { name: `Unlink ${name}` }).click();
    const unlink = page.getByRole('dialog', { name: `Unlink ${name} from your practice?` });
    await expect(unlink).toContainText('Your practice loses access to everything they share');
    await expectNoSeriousAxeViolations(page);
    await saveScreenshot(page, `dashboard-unlink-${tenant}`);
    await unlink.getByRole('button', { name: 'Unlink client' }).click();
    await expect(
      page.getByText(`${name} is no longer linked to your practice`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('0 clients', { exact: true })).toBeVisible();
  });
}
