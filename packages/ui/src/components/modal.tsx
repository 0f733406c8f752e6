import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { cn } from '../lib/cn.ts';
import { useReturnFocus } from '../lib/use-return-focus.ts';
import { Button, type ButtonVariant } from './button.tsx';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Called before the modal closes itself. */
  onConfirm?: () => void;
  /** Called when the modal is dismissed: the cancel button, Escape or a click on the overlay. */
  onCancel?: () => void;
  showCancel?: boolean;
  showConfirm?: boolean;
  confirmVariant?: ButtonVariant;
  /** Where focus goes on close; by default, back to what had it when the modal opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
}

/** A centred dialog, at most 540 px wide (spec §9); focus is trapped inside and returned on close. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  onConfirm,
  onCancel,
  showCancel = true,
  showConfirm = true,
  confirmVariant = 'primary',
  returnFocusTo,
  className,
}: ModalProps) {
  const returnFocus = useReturnFocus(returnFocusTo);

  // Closed, the modal fades out (with motion allowed) still mounted, its buttons still clickable: a
  // second click of a double click on confirm sent the action twice. Until it is opened again, its
  // buttons and Escape do nothing. A caller that keeps it open on confirm (the tags dialog's Done
  // with an invalid tag) keeps it working.
  function dismiss() {
    if (!open) return;
    onCancel?.();
    onOpenChange(false);
  }

  function confirm() {
    if (!open) return;
    onConfirm?.();
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : dismiss())}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="modal-overlay"
          className="fixed inset-0 z-50 bg-overlay motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in"
        />
        <Dialog.Content
          data-slot="modal"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-[540px] -translate-x-1/2 -translate-y-1/2 flex-col gap-5',
            'rounded-2xl bg-surface p-6 text-body shadow-xl outline-none',
            'motion-safe:data-[state=closed]:animate-dialog-out motion-safe:data-[state=open]:animate-dialog-in',
            className,
          )}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex flex-col gap-2">
            <Dialog.Title className="font-semibold text-body text-xl">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="text-muted-foreground text-sm">{description}</Dialog.Description>
            ) : null}
          </div>
          {children}
          {showCancel || showConfirm ? (
            <div data-slot="modal-footer" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {showCancel ? (
                <Button variant="transparent" onClick={dismiss}>
                  {cancelText}
                </Button>
              ) : null}
              {showConfirm ? (
                <Button variant={confirmVariant} onClick={confirm}>
                  {confirmText}
                </Button>
              ) : null}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
