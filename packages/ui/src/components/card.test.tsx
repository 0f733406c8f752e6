import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';

describe('Card', () => {
  it('composes its parts, each marked with its slot', () => {
    const { container } = render(
      <Card aria-label="Profile">
        <CardHeader>
          <CardTitle>Your details</CardTitle>
          <CardDescription>As your clients see them</CardDescription>
        </CardHeader>
        <CardContent>Body</CardContent>
        <CardFooter>Footer</CardFooter>
      </Card>,
    );

    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    expect(screen.getByText('As your clients see them')).toHaveAttribute('data-slot', 'card-description');
    const slots = [...container.querySelectorAll('[data-slot]')].map((node) =>
      node.getAttribute('data-slot'),
    );
    expect(slots).toEqual([
      'card',
      'card-header',
      'card-title',
      'card-description',
      'card-content',
      'card-footer',
    ]);
  });

  it('renders the title at the level asked for and merges classes', () => {
    render(
      <Card className="max-w-md">
        <CardTitle level={1} className="text-3xl">
          Sign in
        </CardTitle>
      </Card>,
    );

    const title = screen.getByRole('heading', { level: 1, name: 'Sign in' });
    expect(title).toHaveClass('text-3xl');
    expect(title).not.toHaveClass('text-2xl');
    expect(title.closest('[data-slot="card"]')).toHaveClass('max-w-md');
  });
});
