import { useTranslation } from '../../lib/i18n.ts';

/** The first stop of the keyboard: straight past the navigation to the page's own content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main-content"
      className="sr-only rounded-md bg-surface px-4 py-2 font-semibold text-body shadow-lg ring-2 ring-ring focus:not-sr-only focus:fixed focus:top-4 focus:left-4 focus:z-50"
    >
      {t('app.skipToContent')}
    </a>
  );
}
