import { buttonVariants } from '@waratah/ui';
import { useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useRequestAdminToken } from '../../../features/auth/api/request-admin-token.ts';
import { useSetPassword } from '../../../features/password/api/set-password.ts';
import { NewPasswordForm } from '../../../features/password/components/new-password-form.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { useAppState } from '../../../lib/app-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { isApiError, serverFailed } from '../../../lib/is-api-error.ts';
import { registrationEmail } from '../../../lib/registration-email.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';

export default function RegisterPasswordRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const oauth = useAppState((appState) => appState.envConfig.oauth);
  const setPassword = useSetPassword();
  const signIn = useRequestAdminToken({ oauth });
  const email = registrationEmail.read() ?? '';
  const invitationToken = typeof state?.invitationToken === 'string' ? state.invitationToken : null;
  const title = t('register.password.title');
  // The password of the last try whose answer was lost.
  const lostPassword = useRef<string | null>(null);

  if (!invitationToken) {
    return (
      <RegistrationStep step="password" title={title} description={t('register.password.missingToken')}>
        <Link
          to={paths.register.verify.getHref()}
          className={buttonVariants({ size: 'lg', className: 'w-full' })}
        >
          {t('register.verify.title')}
        </Link>
      </RegistrationStep>
    );
  }

  return (
    <RegistrationStep
      step="password"
      title={title}
      description={t('register.password.description', { email })}
    >
      <NewPasswordForm
        passwordLabel={t('register.password.password')}
        submitLabel={t('register.password.submit')}
        pending={setPassword.isPending || signIn.isPending}
        alert={<ServerErrorAlert error={setPassword.error ?? signIn.error} />}
        onSubmit={({ password, password_confirmation }) => {
          // The new password signs the adviser in, and the rest of registration needs them signed in.
          const signInWith = (accountEmail: string, setTo = password) =>
            signIn.mutate(
              { email: accountEmail, password: setTo },
              {
                onSuccess: () => {
                  registrationEmail.clear();
                  void navigate(paths.register.company.getHref());
                },
              },
            );
          // The password is set already, the sign-in having failed: the invitation token is spent,
          // so only the sign-in is tried again, with the password that was set.
          if (setPassword.isSuccess) signInWith(setPassword.data, setPassword.variables.password);
          else
            setPassword.mutate(
              { token: { invitation_token: invitationToken }, password, password_confirmation },
              {
                onSuccess: (accountEmail) => signInWith(accountEmail),
                onError: (error) => {
                  // A try whose answer was lost (no answer, or the platform's 5xx after its commit)
                  // may have set its password and spent the link, which this try is then refused
                  // for (400 on the token; any other refusal is this try's own): that password is
                  // tried for the sign-in; if it is not the one, the refusal stands. Before 2026-12-02 the step was stuck on the spent link.
                  const lost = lostPassword.current;
                  const spentLink =
                    isApiError(error) &&
                    error.status === 400 &&
                    error.fields.some(({ field }) => field === 'body.invitation_token');
                  if (lost !== null && email && spentLink) signInWith(email, lost);
                  else if (serverFailed(error)) lostPassword.current = password;
                },
              },
            );
        }}
      />
    </RegistrationStep>
  );
}
