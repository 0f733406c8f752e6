import type { DocumentAccount } from '../document-data.ts';

/** Tests only: an account as the renderers are handed it, for tests that render without a database. */
export const renderedAccount: DocumentAccount = {
  id: 1,
  name: 'Everyday',
  providerName: 'Westpac',
  container: 'bank',
  type: 'transaction',
  accountNumber: '1234',
  bsb: '032-000',
  currentCents: 123_456,
  currency: 'AUD',
  included: true,
};
