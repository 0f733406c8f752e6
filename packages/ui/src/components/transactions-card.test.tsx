import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TransactionsCard } from './transactions-card.tsx';

describe('TransactionsCard', () => {
  it('shows the title, sub-title, amount text and image', () => {
    const { container } = render(
      <TransactionsCard
        title="Woolworths"
        subTitle="12 Mar 2025"
        amount="-$42.50"
        imageUrl="/woolworths.png"
      />,
    );

    expect(screen.getByText('Woolworths')).toBeInTheDocument();
    expect(screen.getByText('12 Mar 2025')).toBeInTheDocument();
    expect(screen.getByText('-$42.50')).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', '/woolworths.png');
  });

  it('shows the placeholder without an image and leaves the sub-title out', () => {
    const { container } = render(<TransactionsCard title="Salary" amount="$5,000.00" className="mt-2" />);

    expect(container.querySelector('[data-slot="lazy-image-placeholder"]')).toBeInTheDocument();
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(container.firstChild).toHaveClass('mt-2');
  });
});
