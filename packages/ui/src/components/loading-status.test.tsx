import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingStatus } from './loading-status.tsx';
import { Skeleton } from './skeleton.tsx';

describe('LoadingStatus', () => {
  it('says what is loading as the text of a status, the placeholders hidden', () => {
    render(
      <LoadingStatus label="Loading goals" className="flex gap-4">
        <Skeleton className="h-44" />
      </LoadingStatus>,
    );

    // Named by its text too (e2e finds a panel's loading state by name).
    const status = screen.getByRole('status', { name: 'Loading goals' });
    expect(status).toHaveTextContent(/^Loading goals$/);
    expect(status.querySelector('.sr-only')).toHaveTextContent('Loading goals');
    expect(status).not.toHaveAttribute('aria-label');
    expect(status).toHaveClass('flex', 'gap-4');
    expect(status.querySelector('[data-slot="skeleton"]')).toHaveAttribute('aria-hidden', 'true');
  });
});
