import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';

describe('Alert', () => {
  it('interrupts with an error', () => {
    render(
      <Alert variant="error">
        <AlertTitle>Please correct the following errors:</AlertTitle>
        <AlertDescription>Invalid email or password</AlertDescription>
      </Alert>,
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-variant', 'error');
    expect(alert).toHaveClass('bg-error-muted');
    expect(alert).toHaveTextContent('Please correct the following errors:Invalid email or password');
  });

  it.each([
    ['success', 'bg-success-muted'],
    ['info', 'bg-muted'],
  ] as const)('announces a %s message politely', (variant, token) => {
    render(
      <Alert variant={variant} className="mt-2">
        Saved
      </Alert>,
    );

    const status = screen.getByRole('status');
    expect(status).toHaveClass(token, 'mt-2');
    expect(status).toHaveTextContent('Saved');
  });
});
