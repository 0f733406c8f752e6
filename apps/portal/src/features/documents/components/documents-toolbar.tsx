import type { ReactNode } from 'react';

/** A row of document downloads above a client page that has no slot of its own in its header. */
export function DocumentsToolbar({ children }: { children: ReactNode }) {
  return (
    <div data-slot="documents-actions" className="-mb-2 flex flex-wrap justify-end gap-2">
      {children}
    </div>
  );
}
