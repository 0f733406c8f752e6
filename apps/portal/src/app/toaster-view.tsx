import { Toaster } from '@waratah/ui';

/** The kit's toaster, in a module of its own so that it loads apart from the first page. */
export function ToasterView() {
  return <Toaster />;
}
