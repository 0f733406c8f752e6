import type { AppLinkKey } from '@waratah/contracts';
import { Outlet } from 'react-router';
import { getAppLink } from '../../lib/app-config/get-app-link.ts';
import { useAppState } from '../../lib/app-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { LegalFooter } from './legal-footer.tsx';
import { SkipLink } from './skip-link.tsx';

const secondaryLinks = [
  { key: 'about_page', label: 'layout.about' },
  { key: 'help_page', label: 'layout.help' },
] as const satisfies readonly { key: AppLinkKey; label: string }[];

/**
 * The signed-out pages' frame (spec §2 layout): a tenant-coloured panel with the reversed logo
 * and the About and Help links beside the page; on narrow screens the panel becomes a top bar.
 */
export function SidebarLayout() {
  const { t } = useTranslation();
  const tenant = useAppState((state) => state.tenantConfig);
  // Stored by the route guard before the page shows (and whenever it comes later), as the sign-in
  // page reads it: the query hooks are not the signed-out pages' JavaScript (docs/portal.md).
  const appConfig = useAppState((state) => state.appConfig);
  const links = secondaryLinks.flatMap(({ key, label }) => {
    const url = getAppLink(appConfig, key);
    return url ? [{ key, url, label: t(label) }] : [];
  });

  return (
    <div className="flex min-h-dvh flex-col bg-background font-sans text-body lg:flex-row">
      <SkipLink />
      <header className="relative isolate flex items-center justify-between gap-6 overflow-hidden bg-primary px-5 py-4 text-white sm:px-8 lg:sticky lg:top-0 lg:h-dvh lg:w-[min(40vw,34rem)] lg:shrink-0 lg:flex-col lg:items-start lg:px-14 lg:py-12">
        <PanelBackdrop />
        <img
          src={tenant.assets.logoReversedUrl}
          alt={tenant.name}
          width={tenant.assets.logoSize.width}
          height={tenant.assets.logoSize.height}
          className="h-8 w-auto lg:h-11"
        />
        <div className="hidden lg:block">
          <p className="font-semibold text-sm text-white/80 uppercase tracking-[0.18em]">
            {t('layout.tagline')}
          </p>
          <p className="mt-4 max-w-sm text-balance font-semibold text-3xl leading-tight">
            {t('layout.pitch')}
          </p>
        </div>
        {links.length > 0 ? (
          <nav aria-label={t('layout.secondaryNavigation')}>
            <ul className="flex items-center gap-5 font-medium text-sm">
              {links.map((link) => (
                <li key={link.key}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('layout.externalLink', { label: link.label })}
                    className="inline-flex items-center gap-1.5 rounded-sm text-white/90 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white focus-visible:outline-offset-2"
                  >
                    {link.label}
                    <ExternalLinkIcon />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <div className="flex flex-1 flex-col">
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 flex-col items-center justify-center px-4 py-10 outline-none sm:px-8 lg:py-16"
        >
          <Outlet />
        </main>
        <LegalFooter />
      </div>
    </div>
  );
}

/** Soft light and shade over the tenant colour, so the panel has depth without a second brand colour. */
function PanelBackdrop() {
  return (
    <div
      aria-hidden="true"
      className="-z-10 absolute inset-0 bg-[radial-gradient(circle_at_100%_0%,rgb(255_255_255/0.16),transparent_55%),radial-gradient(circle_at_0%_100%,rgb(0_0_0/0.28),transparent_60%)]"
    >
      <div className="-right-40 -bottom-40 absolute hidden size-[28rem] rounded-full border border-white/10 lg:block" />
      <div className="-right-24 -bottom-24 absolute hidden size-[20rem] rounded-full border border-white/10 lg:block" />
    </div>
  );
}

function ExternalLinkIcon() {
  return (
    <svg viewBox="0 0 16 16" fill="none" aria-hidden="true" className="size-3.5">
      <path
        d="M6 3.5H3.5v9h9V10M9 3.5h3.5V7M12.5 3.5 7 9"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
