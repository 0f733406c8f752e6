import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './skeleton.tsx';
import { SkeletonText } from './skeleton-text.tsx';

describe('Skeleton placeholders', () => {
  it('renders hidden text lines, the last one shorter', () => {
    const { container } = render(<SkeletonText lines={4} />);

    const lines = container.querySelectorAll('[data-slot="skeleton"]');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toHaveClass('w-3/5');
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
  });

  it('renders a block that calms down for reduced motion and merges className', () => {
    const { container } = render(<Skeleton className="h-24 w-24" />);

    expect(container.firstChild).toHaveClass('animate-shimmer', 'motion-reduce:animate-none', 'h-24', 'w-24');
  });
});
