import type { OAuthToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { LoginForm } from './login-form.tsx';

export interface LoginPageProps {
  tenantName: string;
  oauth: EnvConfig['oauth'];
  /** Registration links appear only with the ta_register feature (spec §6). */
  canRegister: boolean;
  onSignedIn: (token: OAuthToken) => void;
}

export function LoginPage({ tenantName, oauth, canRegister, onSignedIn }: LoginPageProps) {
  const { t } = useTranslation();
  return (
    <Card className="w-full max-w-[27rem]">
      <CardHeader>
        <CardTitle level={1}>{t('auth.login.heading', { tenantName })}</CardTitle>
        <CardDescription>{t('auth.login.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm oauth={oauth} onSignedIn={onSignedIn} />
      </CardContent>
      {canRegister ? (
        <CardFooter className="justify-center text-muted-foreground text-sm">
          {t('auth.login.noAccount')}
          <Link
            to={paths.register.root.getHref()}
            className="rounded-sm font-semibold text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
          >
            {t('auth.login.register')}
          </Link>
        </CardFooter>
      ) : null}
    </Card>
  );
}
