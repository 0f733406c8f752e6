import type { OAuthToken } from '@waratah/sdk';
import type { EnvConfig } from '@waratah/tenants';
import { Button, TextInput } from '@waratah/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';
import { type LoginCredentials, useRequestAdminToken } from '../api/request-admin-token.ts';
import { validateCredentials } from '../utils/validate-credentials.ts';

export interface LoginFormProps {
  oauth: EnvConfig['oauth'];
  onSignedIn: (token: OAuthToken) => void;
}

/** Email and password sign-in of the password tenants (spec §2 sign-in page, §8 failed login). */
export function LoginForm({ oauth, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [credentials, setCredentials] = useState<LoginCredentials>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const signIn = useRequestAdminToken({ oauth, onSuccess: onSignedIn });
  const errors = validateCredentials(credentials);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (errors.email || errors.password) {
      (errors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    signIn.mutate({ email: credentials.email.trim(), password: credentials.password });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <ServerErrorAlert error={signIn.error} />
      <TextInput
        ref={emailRef}
        label={t('auth.login.email')}
        type="email"
        name="email"
        autoComplete="username"
        required
        value={credentials.email}
        onChange={(event) => setCredentials({ ...credentials, email: event.target.value })}
        error={errors.email && t(`auth.login.${errors.email}`)}
        touched={submitted}
      />
      <TextInput
        ref={passwordRef}
        label={t('auth.login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={credentials.password}
        onChange={(event) => setCredentials({ ...credentials, password: event.target.value })}
        error={errors.password && t(`auth.login.${errors.password}`)}
        touched={submitted}
      />
      <Link
        to={paths.resetPassword.getHref()}
        className="-mt-2 self-end rounded-sm font-medium text-link text-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
      >
        {t('auth.login.forgotPassword')}
      </Link>
      <Button type="submit" size="lg" className="mt-1 w-full" loading={signIn.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
