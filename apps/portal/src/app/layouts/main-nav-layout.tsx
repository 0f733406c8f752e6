import { NavigationMenu, NavigationMenuItem, NavigationMenuLink, NavigationMenuList } from '@waratah/ui';
import { Link, Outlet, useLocation } from 'react-router';
import { appInfo } from '../../config/app-info.ts';
import { paths } from '../../config/paths.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useAppConfig } from '../../lib/app-config/get-app-config.ts';
import { getAppLink } from '../../lib/app-config/get-app-link.ts';
import { useAppState } from '../../lib/app-state.tsx';
import { useTranslation } from '../../lib/i18n.ts';
// The client pages' strings arrive with the signed-in frame, before any of its pages renders.
import '../../lib/i18n-areas.ts';
import { AdviserName } from './adviser-name.tsx';
import { LegalFooter } from './legal-footer.tsx';
import { SkipLink } from './skip-link.tsx';

/**
 * The signed-in pages' frame (spec §2 layout): the tenant logo, Home and Help, the adviser's name
 * and 'Sign out' across the top, the legal footer below.
 */
export function MainNavLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const tenant = useAppState((state) => state.tenantConfig);
  const { data: appConfig } = useAppConfig();
  const helpUrl = getAppLink(appConfig, 'ta-help-centre') ?? appInfo.defaultHelpCentreUrl;
  const home = paths.dashboard.getHref();

  return (
    <div className="flex min-h-dvh flex-col bg-background font-sans text-body">
      <SkipLink />
      <header className="border-border border-b bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-8">
          <Link
            to={home}
            className="rounded-sm focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-4"
          >
            <img
              src={tenant.assets.logoUrl}
              alt={t('layout.homeLogo', { tenantName: tenant.name })}
              width={tenant.assets.logoSize.width}
              height={tenant.assets.logoSize.height}
              className="h-8 w-auto"
            />
          </Link>
          <NavigationMenu aria-label={t('layout.mainNavigation')} className="flex-1">
            <NavigationMenuList>
              <NavigationMenuItem>
                <NavigationMenuLink asChild active={pathname === home}>
                  <Link to={home} aria-current={pathname === home ? 'page' : undefined}>
                    {t('layout.home')}
                  </Link>
                </NavigationMenuLink>
              </NavigationMenuItem>
              <NavigationMenuItem>
                <NavigationMenuLink
                  href={helpUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('layout.externalLink', { label: t('layout.help') })}
                >
                  {t('layout.help')}
                </NavigationMenuLink>
              </NavigationMenuItem>
            </NavigationMenuList>
          </NavigationMenu>
          <div className="flex items-center gap-4">
            <AdviserName />
            <SignOutButton size="sm" />
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 outline-none sm:px-8"
      >
        <Outlet />
      </main>
      <LegalFooter />
    </div>
  );
}
