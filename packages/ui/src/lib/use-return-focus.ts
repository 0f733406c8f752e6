import { type RefObject, useRef } from 'react';

/**
 * Radix returns focus only to its own Trigger; the kit's dialogs are controlled from outside,
 * so remember what had focus when one opened and give focus back to it on close (or to
 * `returnTo`, when the opener is not what should get focus back).
 */
export function useReturnFocus(returnTo?: RefObject<HTMLElement | null>) {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const element = returnTo?.current ?? previous.current;
      previous.current = null;
      // Nothing to go back to when the opener was removed or nothing had focus; the caller decides.
      if (element && element !== document.body && element.isConnected) element.focus();
    },
  };
}
