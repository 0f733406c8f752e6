import { useAppState } from '../../lib/app-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** The signed-in adviser's given and family name, with a green tick once their practice is enabled (spec §2). */
export function AdviserName() {
  const { t } = useTranslation();
  const user = useAppState((state) => state.userDetails);
  if (!user) return null;
  const name = `${user.given_name} ${user.family_name}`.trim();
  const verified = user.external_party?.status === 'enabled';

  return (
    <p className="flex items-center gap-1.5 font-medium text-sm" data-testid="adviser-name">
      <span className="sr-only">{t('layout.signedInAs', { name })}</span>
      <span aria-hidden="true">{name}</span>
      {verified ? (
        <svg
          role="img"
          aria-label={t('layout.verifiedAdviser')}
          viewBox="0 0 20 20"
          className="size-5 text-success"
        >
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
      ) : null}
    </p>
  );
}
