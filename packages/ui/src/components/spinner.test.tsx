import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('announces its label as a status', () => {
    render(<Spinner label="Loading clients" />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading clients');
  });

  it('is hidden from assistive technology without a label', () => {
    const { container } = render(<Spinner className="size-8" />);

    const spinner = container.querySelector('[data-slot="spinner"]');
    expect(spinner).toHaveAttribute('aria-hidden', 'true');
    expect(spinner).toHaveClass('size-8');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
