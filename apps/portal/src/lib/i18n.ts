import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAU from '../locales/en-AU.json';

/** The portal speaks Australian English only, and falls back to it (spec §1). */
export const locale = 'en-AU';

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
