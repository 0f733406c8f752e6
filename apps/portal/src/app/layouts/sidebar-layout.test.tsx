import { screen, within } from '@testing-library/react';
import { tenants } from '@waratah/tenants';
import { describe, expect, it } from 'vitest';
import { buildAppConfig } from '../../testing/build-app-config.ts';
import { appConfigRoute, createFakeApi, json } from '../../testing/fake-api.ts';
import { renderPortal } from '../../testing/render.tsx';
import { APP_CONFIG_WAIT_MS } from '../guard/run-route-guard.ts';

describe('SidebarLayout', () => {
  it("shows the tenant's reversed logo, landmarks and a skip link", async () => {
    await renderPortal({ host: 'waratahlabs.localhost:8080' });

    const logo = await screen.findByRole('img', { name: 'Waratah Labs' });
    expect(logo).toHaveAttribute('src', tenants.waratahlabs.assets.logoReversedUrl);
    expect(screen.getByRole('banner')).toContainElement(logo);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('links About and Help from the app config, each opening in a new tab', async () => {
    const api = createFakeApi({
      [appConfigRoute]: () =>
        json({
          data: buildAppConfig({
            links: { about_page: 'https://example.test/about', help_page: 'https://example.test/help' },
          }),
        }),
    });
    await renderPortal({ api });

    const navigation = await screen.findByRole('navigation', { name: 'Secondary' });
    const about = within(navigation).getByRole('link', { name: 'About (opens in a new tab)' });
    const help = within(navigation).getByRole('link', { name: 'Help (opens in a new tab)' });
    expect(about).toHaveAttribute('href', 'https://example.test/about');
    expect(help).toHaveAttribute('href', 'https://example.test/help');
    for (const link of [about, help]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('leaves out links the app config does not have', async () => {
    const api = createFakeApi({
      [appConfigRoute]: () =>
        json({ data: buildAppConfig({ links: { about_page: 'https://example.test/about' } }) }),
    });
    await renderPortal({ api });

    const navigation = await screen.findByRole('navigation', { name: 'Secondary' });
    expect(within(navigation).getAllByRole('link')).toHaveLength(1);
    expect(within(navigation).queryByRole('link', { name: /Help/ })).not.toBeInTheDocument();
  });

  it('adds the links when the app config comes after the page has shown', async () => {
    let answer: (response: Response) => void = () => {};
    const api = createFakeApi({
      [appConfigRoute]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await renderPortal({ api });

    // The route guard stops waiting for the config after APP_CONFIG_WAIT_MS and shows the page.
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: APP_CONFIG_WAIT_MS + 2_000 });
    expect(screen.queryByRole('navigation', { name: 'Secondary' })).not.toBeInTheDocument();
    answer(json({ data: buildAppConfig({ links: { help_page: 'https://example.test/help' } }) }));

    const navigation = await screen.findByRole('navigation', { name: 'Secondary' });
    expect(within(navigation).getByRole('link', { name: 'Help (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://example.test/help',
    );
  });
});
