import accounts from '../locales/en-AU/accounts.json';
import clientDetails from '../locales/en-AU/clientDetails.json';
import clients from '../locales/en-AU/clients.json';
import documents from '../locales/en-AU/documents.json';
import goals from '../locales/en-AU/goals.json';
import overview from '../locales/en-AU/overview.json';
import passport from '../locales/en-AU/passport.json';
import transactions from '../locales/en-AU/transactions.json';
import { addStrings } from './i18n.ts';

/** The client-page areas' strings (see `i18n.ts`). */
export const areaStrings = {
  ...clients,
  ...clientDetails,
  ...overview,
  ...accounts,
  ...transactions,
  ...goals,
  ...passport,
  ...documents,
};

// Imported by the signed-in frame, whose pages are the only ones that read these; the frame's
// module loads before any of its pages renders.
addStrings(areaStrings);
