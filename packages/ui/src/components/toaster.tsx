import { cva } from 'class-variance-authority';
import { Toast } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { type ToastType, toast, useToasts } from './toast.ts';

const toastVariants = cva(
  [
    'pointer-events-auto flex w-full items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg',
    'motion-safe:data-[state=closed]:animate-toast-out motion-safe:data-[state=open]:animate-toast-in',
    // A swiped toast stays where the swipe left it while it fades out; a cancelled swipe returns.
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
    'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=cancel]:translate-x-0',
  ],
  {
    variants: {
      type: {
        success: 'border-success/30 bg-success-muted text-success',
        error: 'border-error/30 bg-error-muted text-error',
        warning: 'border-warning/30 bg-warning-muted text-warning',
      },
    },
  },
);

const icons: Record<ToastType, string> = { success: '✓', error: '!', warning: '!' };

export interface ToasterProps {
  className?: string;
}

/** Shows queued toasts in the bottom-right corner; each closes on its own after its duration. */
export function Toaster({ className }: ToasterProps) {
  const items = useToasts();
  return (
    <Toast.Provider swipeDirection="right">
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          data-slot="toast"
          data-type={item.type}
          duration={item.duration}
          // Controlled, so a dismissed toast stays mounted closed while its closing animation plays.
          open={item.open}
          // Errors interrupt; confirmations and warnings wait their turn.
          type={item.type === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) toast.dismiss(item.id);
          }}
          className={toastVariants({ type: item.type })}
        >
          <span aria-hidden="true" className="font-bold">
            {icons[item.type]}
          </span>
          <Toast.Description className="flex-1 font-medium text-body">{item.message}</Toast.Description>
          <Toast.Close
            aria-label="Close"
            className="rounded-sm px-1 text-body/70 outline-none hover:text-body focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        data-slot="toaster"
        className={cn(
          'fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none',
          className,
        )}
      />
    </Toast.Provider>
  );
}
