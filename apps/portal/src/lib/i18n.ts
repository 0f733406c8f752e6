import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import accounts from '../locales/en-AU/accounts.json';
import clientDetails from '../locales/en-AU/clientDetails.json';
import clients from '../locales/en-AU/clients.json';
import documents from '../locales/en-AU/documents.json';
import goals from '../locales/en-AU/goals.json';
import overview from '../locales/en-AU/overview.json';
import passport from '../locales/en-AU/passport.json';
import transactions from '../locales/en-AU/transactions.json';
import core from '../locales/en-AU.json';

/** The portal speaks Australian English only, and falls back to it (spec §1). */
export const locale = 'en-AU';

/**
 * The strings: the frame's in `en-AU.json`, each client-page area's in `en-AU/{area}.json` under a
 * top-level key of the same name, so areas are edited without touching each other.
 */
const enAU = {
  ...core,
  ...clients,
  ...clientDetails,
  ...overview,
  ...accounts,
  ...transactions,
  ...goals,
  ...passport,
  ...documents,
} as typeof core &
  typeof clients &
  typeof clientDetails &
  typeof overview &
  typeof accounts &
  typeof transactions &
  typeof goals &
  typeof passport &
  typeof documents;

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof enAU };
  }
}

export const i18n = i18next.createInstance();

// Resources are bundled, so initialisation finishes synchronously and no screen waits for it.
void i18n.use(initReactI18next).init({
  lng: locale,
  fallbackLng: locale,
  supportedLngs: [locale],
  resources: { [locale]: { translation: enAU } },
  interpolation: { escapeValue: false },
  initAsync: false,
  // No promotional console output in users' browsers.
  showSupportNotice: false,
});
