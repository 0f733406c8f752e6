import { i18n } from './i18n.ts';
import { isApiError } from './is-api-error.ts';

/** The server's own words for a refused call (spec §8), one per field when it named fields. */
export function serverErrorMessages(error: unknown): string[] {
  if (!isApiError(error) || error.status === 0) return [i18n.t('errors.network')];
  const fieldMessages = error.fields.map(({ message }) => message);
  return fieldMessages.length > 0 ? fieldMessages : [error.message];
}
