import { useToasts } from '@waratah/ui';
import { lazy, Suspense } from 'react';

// The toast viewport's code is fetched with the first toast, not with every page load.
const Toaster = lazy(async () => ({ default: (await import('./toaster-view.tsx')).ToasterView }));

/** The portal's toasts (spec §9: bottom-right, on their own timers). */
export function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
