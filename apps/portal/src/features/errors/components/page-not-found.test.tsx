import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../../../testing/render.tsx';

describe('PageNotFound', () => {
  it("answers an unknown path with the spec's copy, its title and a way home", async () => {
    const { user, router } = await renderPortal({
      url: '/no/such/page',
      host: 'moneypartner.localhost:8080',
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText("We can't seem to find the page you are looking for.")).toBeInTheDocument();
    expect(
      screen.getByText('You may have mistyped the address or the page may have moved.'),
    ).toBeInTheDocument();
    // The title follows the render: the root route sets it in an effect.
    await waitFor(() => expect(document.title).toBe('Not Found - MoneyPartner Adviser Portal'));

    await user.click(screen.getByRole('link', { name: 'Take me home' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to MoneyPartner' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
