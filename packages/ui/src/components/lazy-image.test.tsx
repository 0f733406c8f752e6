import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyImage } from './lazy-image.tsx';

describe('LazyImage', () => {
  it('loads lazily', () => {
    render(<LazyImage src="/logo.png" alt="Bank logo" className="size-8" />);

    const image = screen.getByRole('img', { name: 'Bank logo' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveClass('size-8');
  });

  it('shows the error placeholder when the image fails to load', () => {
    const onError = vi.fn();
    render(<LazyImage src="/missing.png" alt="Bank logo" className="size-8" onError={onError} />);

    fireEvent.error(screen.getByRole('img', { name: 'Bank logo' }));

    const placeholder = screen.getByRole('img', { name: 'Bank logo' });
    expect(placeholder).toHaveAttribute('data-slot', 'lazy-image-placeholder');
    expect(placeholder).toHaveClass('size-8');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('tries again when given a new source, and shows the placeholder without one', () => {
    const { rerender } = render(<LazyImage src="/missing.png" alt="Logo" />);
    fireEvent.error(screen.getByRole('img'));
    rerender(<LazyImage src="/other.png" alt="Logo" />);
    expect(screen.getByRole('img')).toHaveAttribute('data-slot', 'lazy-image');

    rerender(<LazyImage alt="" />);
    expect(document.querySelector('[data-slot="lazy-image-placeholder"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});
