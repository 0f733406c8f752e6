import { Popover as PopoverPrimitive } from 'radix-ui';
import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../lib/cn.ts';

/** Spec §9: hover or focus opens after 600 ms, leaving closes after 200 ms. */
export const POPOVER_OPEN_DELAY = 600;
export const POPOVER_CLOSE_DELAY = 200;

export interface PopoverProps {
  /** A single focusable element that opens the popover. */
  children: ReactElement;
  title?: ReactNode;
  content?: ReactNode;
  /** 'hover' opens on hover or focus, after a delay; 'click' toggles on click. */
  trigger?: 'hover' | 'click';
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  closeOnClickOutside?: boolean;
  closeOnClick?: boolean;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

export function Popover({
  children,
  title,
  content,
  trigger = 'hover',
  open: controlledOpen,
  onOpenChange,
  closeOnClickOutside = true,
  closeOnClick = false,
  side = 'top',
  className,
}: PopoverProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  function setOpen(next: boolean) {
    clearTimeout(timer.current);
    setOwnOpen(next);
    onOpenChange?.(next);
  }

  function later(next: boolean, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  }

  const hover =
    trigger === 'hover'
      ? {
          onPointerEnter: () => later(true, POPOVER_OPEN_DELAY),
          onPointerLeave: () => later(false, POPOVER_CLOSE_DELAY),
          onFocus: () => later(true, POPOVER_OPEN_DELAY),
          onBlur: () => later(false, POPOVER_CLOSE_DELAY),
        }
      : {};
  const visible = open && Boolean(title || content);

  return (
    <PopoverPrimitive.Root open={visible} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger
        asChild
        data-slot="popover-trigger"
        // Only the click trigger toggles; a hover trigger keeps its own click behaviour.
        onClick={trigger === 'hover' ? (event) => event.preventDefault() : undefined}
        {...hover}
      >
        {children}
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          data-slot="popover"
          side={side}
          sideOffset={8}
          aria-labelledby={title ? `${id}-title` : `${id}-content`}
          onOpenAutoFocus={trigger === 'hover' ? (event) => event.preventDefault() : undefined}
          onInteractOutside={(event) => {
            if (!closeOnClickOutside) event.preventDefault();
          }}
          onClick={closeOnClick ? () => setOpen(false) : undefined}
          className={cn(
            'z-50 flex max-w-xs flex-col gap-1 rounded-xl border border-border bg-surface px-4 py-3 text-body text-sm shadow-lg outline-none',
            'motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in',
            className,
          )}
          {...hover}
        >
          {title ? (
            <p id={`${id}-title`} className="font-semibold">
              {title}
            </p>
          ) : null}
          {content ? (
            <div id={`${id}-content`} className="text-muted-foreground">
              {content}
            </div>
          ) : null}
          <PopoverPrimitive.Arrow className="fill-surface" />
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
