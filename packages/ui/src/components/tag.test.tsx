import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tag, type TagSize } from './tag.tsx';

describe('Tag', () => {
  it('defaults to a small neutral tag without a dismiss button', () => {
    render(<Tag>Active</Tag>);

    const tag = screen.getByText('Active');
    expect(tag).toHaveAttribute('data-size', 'sm');
    expect(tag).toHaveAttribute('data-variant', 'neutral');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each<[TagSize, string]>([
    ['xs', 'py-0'],
    ['sm', 'py-0.5'],
    ['md', 'py-1'],
  ])('has the %s size', (size, token) => {
    render(<Tag size={size}>T</Tag>);

    expect(screen.getByText('T')).toHaveClass(token);
  });

  it('styles the error and success tags', () => {
    render(
      <>
        <Tag variant="error">Outage</Tag>
        <Tag variant="success">Available</Tag>
      </>,
    );

    expect(screen.getByText('Outage')).toHaveClass('text-error');
    expect(screen.getByText('Available')).toHaveClass('text-success');
  });

  it('dismisses from a button titled "Dismiss filter", by click or keyboard', async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(<Tag onDismiss={onDismiss}>Outage</Tag>);

    const button = screen.getByRole('button', { name: 'Dismiss filter' });
    expect(button).toHaveAttribute('title', 'Dismiss filter');
    await user.click(button);
    await user.keyboard('{Enter}');

    expect(onDismiss).toHaveBeenCalledTimes(2);
  });

  it('names the dismiss button after its tag when given a label, keeping the "Dismiss filter" tooltip', async () => {
    const onDismiss = vi.fn();
    const user = userEvent.setup();
    render(
      <>
        <Tag onDismiss={onDismiss} dismissLabel="Dismiss filter: Search: rent">
          Search: rent
        </Tag>
        <Tag onDismiss={() => {}} dismissLabel="Dismiss filter: From 1 Nov 2026">
          From 1 Nov 2026
        </Tag>
      </>,
    );

    const button = screen.getByRole('button', { name: 'Dismiss filter: Search: rent' });
    expect(button).toHaveAttribute('title', 'Dismiss filter');
    expect(screen.getByText('Search: rent')).toHaveTextContent(/^Search: rent×$/);
    await user.click(button);

    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
