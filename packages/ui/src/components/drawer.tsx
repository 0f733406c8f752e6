import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { useReturnFocus } from '../lib/use-return-focus.ts';
import { Button, type ButtonVariant } from './button.tsx';

/** Spec §3: the drawer's props; `open` is the spec's modelValue. */
export interface DrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  header?: ReactNode;
  /** Names the drawer when it has no header. */
  label?: string;
  children?: ReactNode;
  /** Replaces the cancel and confirm buttons. */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  showCancel?: boolean;
  showConfirm?: boolean;
  cancelButtonText?: string;
  confirmButtonText?: string;
  cancelButtonType?: ButtonVariant;
  confirmButtonType?: ButtonVariant;
  onConfirm?: () => void;
  onCancel?: () => void;
  className?: string;
}

/** A full-height panel sliding in from the right in 0.4 s; focus is trapped inside and returned on close. */
export function Drawer({
  open,
  onOpenChange,
  header,
  label,
  children,
  footer,
  role = 'dialog',
  showCancel = false,
  showConfirm = true,
  cancelButtonText = 'Cancel',
  confirmButtonText = 'Confirm',
  cancelButtonType = 'transparent',
  confirmButtonType = 'primary',
  onConfirm,
  onCancel,
  className,
}: DrawerProps) {
  const returnFocus = useReturnFocus();

  function cancel() {
    onCancel?.();
    onOpenChange(false);
  }

  function confirm() {
    onConfirm?.();
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : cancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          data-slot="drawer"
          role={role}
          aria-label={header ? undefined : label}
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex h-full w-full max-w-lg flex-col bg-surface text-body shadow-2xl outline-none',
            'motion-safe:data-[state=closed]:animate-drawer-out motion-safe:data-[state=open]:animate-drawer-in',
            className,
          )}
          {...returnFocus}
        >
          <div className="flex min-h-16 items-center justify-between gap-4 border-border border-b px-6 py-4">
            {header ? (
              <Dialog.Title className="font-semibold text-body text-lg">{header}</Dialog.Title>
            ) : (
              <span />
            )}
            <Dialog.Close
              title="Close drawer"
              aria-label="Close drawer"
              className="inline-flex size-9 cursor-pointer items-center justify-center rounded-full text-xl outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring"
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          <div data-slot="drawer-body" className="h-[calc(100vh-155px)] overflow-y-auto px-6 py-5">
            {children}
          </div>
          <div
            data-slot="drawer-footer"
            className="mt-auto flex justify-end gap-2 border-border border-t px-6 py-4"
          >
            {footer ?? (
              <>
                {showCancel ? (
                  <Button variant={cancelButtonType} onClick={cancel}>
                    {cancelButtonText}
                  </Button>
                ) : null}
                {showConfirm ? (
                  <Button variant={confirmButtonType} onClick={confirm}>
                    {confirmButtonText}
                  </Button>
                ) : null}
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
