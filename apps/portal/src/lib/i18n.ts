import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type accounts from '../locales/en-AU/accounts.json';
import type clientDetails from '../locales/en-AU/clientDetails.json';
import type clients from '../locales/en-AU/clients.json';
import type documents from '../locales/en-AU/documents.json';
import type goals from '../locales/en-AU/goals.json';
import type overview from '../locales/en-AU/overview.json';
import type passport from '../locales/en-AU/passport.json';
import type transactions from '../locales/en-AU/transactions.json';
import core from '../locales/en-AU.json';

/** The portal speaks Australian English only, and falls back to it (spec §1). */
export const locale = 'en-AU';

/**
 * The strings: the frame's in `en-AU.json`, each client-page area's in `en-AU/{area}.json` under a
 * top-level key of the same name, so areas are edited without touching each other. The frame's are
 * bundled here; the areas' join them with the signed-in frame (`i18n-areas.ts`), so that the
 * sign-in page's JavaScript does not carry them.
 */
type Strings = typeof core &
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
    resources: { translation: Strings };
  }
}

export const i18n = i18next.createInstance();

// Resources are bundled, so initialisation finishes synchronously and no screen waits for it.
void i18n.use(initReactI18next).init({
  lng: locale,
  fallbackLng: locale,
  supportedLngs: [locale],
  resources: { [locale]: { translation: core } },
  interpolation: { escapeValue: false },
  initAsync: false,
  // No promotional console output in users' browsers.
  showSupportNotice: false,
});
