import { useAppState } from '../../lib/app-state.tsx';
import { useProviderAuth } from '../../lib/auth/provider-auth.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/**
 * The signed-in adviser's given and family name, with a green tick once their practice is enabled
 * (spec §2). With single sign-on the name leads to the provider's account page (spec §7: the
 * navigation to `/account/`), where the adviser changes their password.
 */
export function AdviserName() {
  const { t } = useTranslation();
  const user = useAppState((state) => state.userDetails);
  const provider = useProviderAuth();
  if (!user) return null;
  const name = `${user.given_name} ${user.family_name}`.trim();
  const verified = user.external_party?.status === 'enabled';

  return (
    <p className="flex items-center gap-1.5 font-medium text-sm" data-testid="adviser-name">
      {provider ? (
        <a
          href={provider.accountUrl}
          className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
        >
          <span className="sr-only">{t('layout.manageAccount', { name })}</span>
          <span aria-hidden="true">{name}</span>
        </a>
      ) : (
        <>
          <span className="sr-only">{t('layout.signedInAs', { name })}</span>
          <span aria-hidden="true">{name}</span>
        </>
      )}
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
