import { Button } from '@waratah/ui';
import type { ReactNode } from 'react';

/** Each look's resting background, kept on hover and press while the button is unavailable. */
const restingBackground = {
  secondary: 'hover:bg-button-secondary active:bg-button-secondary',
  text: 'hover:bg-transparent active:bg-transparent',
} as const;

export interface PagerButtonProps {
  /** Nowhere to go that way (the first or the last page), or not just now: the press does nothing. */
  unavailable: boolean;
  onClick: () => void;
  /** The client list's pager has boxed buttons, the transactions' text buttons. */
  variant?: keyof typeof restingBackground;
  children: ReactNode;
}

/**
 * A pager's Previous or Next. Unavailable, it is `aria-disabled` (faded, the press ignored) but not
 * `disabled`: Next pressed onto the last page keeps focus, where a disabled button dropped it to
 * the page's body (before 2026-12-03).
 */
export function PagerButton({ unavailable, onClick, variant = 'secondary', children }: PagerButtonProps) {
  return (
    <Button
      variant={variant}
      size="sm"
      aria-disabled={unavailable || undefined}
      className={unavailable ? `cursor-not-allowed opacity-55 ${restingBackground[variant]}` : undefined}
      onClick={unavailable ? undefined : onClick}
    >
      {children}
    </Button>
  );
}
