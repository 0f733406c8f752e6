import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button, type ButtonSize, type ButtonVariant } from './button.tsx';

const variants: [ButtonVariant, string][] = [
  ['primary', 'bg-button-primary'],
  ['secondary', 'bg-button-secondary'],
  ['tertiary', 'bg-button-tertiary'],
  ['error', 'bg-error'],
  ['success', 'bg-success'],
  ['link', 'text-link'],
  ['text', 'text-primary'],
  ['transparent', 'bg-transparent'],
];
const sizes: [ButtonSize, string][] = [
  ['sm', 'h-8'],
  ['md', 'h-10'],
  ['lg', 'h-11'],
  ['xl', 'h-12'],
  ['2xl', 'h-14'],
];

describe('Button', () => {
  it('renders a primary, medium button that does not submit forms by default', () => {
    render(<Button>Save</Button>);

    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-slot', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    expect(button).toHaveAttribute('data-size', 'md');
  });

  it.each(variants)('styles the %s variant with its tokens', (variant, token) => {
    render(<Button variant={variant}>Go</Button>);

    const button = screen.getByRole('button', { name: 'Go' });
    expect(button).toHaveAttribute('data-variant', variant);
    expect(button).toHaveClass(token);
  });

  it.each(sizes)('sizes the %s button', (size, height) => {
    render(<Button size={size}>Go</Button>);

    expect(screen.getByRole('button', { name: 'Go' })).toHaveClass(height);
  });

  it('gives a link button no box whatever its size', () => {
    render(
      <Button variant="link" size="xl">
        Forgot password?
      </Button>,
    );

    expect(screen.getByRole('button', { name: 'Forgot password?' })).toHaveClass('h-auto', 'px-0');
  });

  it('passes props, handlers, ref and className through, the className last', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} type="submit" className="w-full px-10" aria-describedby="hint" onClick={onClick}>
        Sign in
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);

    expect(onClick).toHaveBeenCalledOnce();
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('aria-describedby', 'hint');
    expect(button).toHaveClass('w-full', 'px-10');
    expect(button).not.toHaveClass('px-4');
  });

  it('is reachable and pressable from the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Continue</Button>);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');

    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('ignores presses while disabled', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);

    expect(button).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows a spinner, reports busy and ignores presses while loading', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(button);

    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('data-loading', 'true');
    expect(button.querySelector('[data-slot="spinner"]')).toBeInTheDocument();
    expect(onClick).not.toHaveBeenCalled();
  });
});
