import { useMatches } from 'react-router';
import type { RouteHandle } from '../../config/routes.ts';
import { useAppState } from '../../lib/app-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';

/** Spec §2: privacy and terms links from the tenant config, on pages that need sign-in, when either is set. */
export function LegalFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  const legal = useAppState((state) => state.tenantConfig.legal);
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const links = [
    { href: legal?.privacyLink, label: t('layout.privacyPolicy') },
    { href: legal?.termsLink, label: t('layout.termsOfService') },
  ].filter((link): link is { href: string; label: string } => Boolean(link.href));
  if (!handle?.meta.auth || links.length === 0) return null;

  return (
    <footer className={className ?? 'border-border border-t px-6 py-5 text-muted-foreground text-sm'}>
      <nav aria-label={t('layout.legalNavigation')}>
        <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('layout.externalLink', { label: link.label })}
                className="rounded-sm underline-offset-4 hover:text-body hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
