/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The error-reporting project's DSN; unset, errors reach only the browser console. */
  readonly VITE_ERROR_REPORTING_DSN?: string;
}
