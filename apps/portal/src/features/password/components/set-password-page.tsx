import {
  Alert,
  buttonVariants,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@waratah/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';
import { type PasswordToken, useSetPassword } from '../api/set-password.ts';
import { NewPasswordForm } from './new-password-form.tsx';

/** Spec §2 set password, in reset mode or invite mode ('Set password'), told apart by the token it carries. */
export function SetPasswordPage({ token }: { token: PasswordToken }) {
  const { t } = useTranslation();
  const setPassword = useSetPassword();
  const invite = 'invitation_token' in token;
  const doneRef = useRef<HTMLDivElement>(null);

  // The form, and its button that had focus, are gone once set: focus goes to the news, once.
  useEffect(() => {
    if (setPassword.isSuccess) doneRef.current?.focus();
  }, [setPassword.isSuccess]);

  return (
    <Card className="w-full max-w-[27rem]">
      <CardHeader>
        <CardTitle level={1}>
          {invite ? t('password.set.inviteHeading') : t('password.set.resetHeading')}
        </CardTitle>
        <CardDescription>{t('password.set.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {setPassword.isSuccess ? (
          <div className="flex flex-col gap-4">
            <Alert ref={doneRef} tabIndex={-1} variant="success">
              {t('password.set.done')}
            </Alert>
            <Link to={paths.login.getHref()} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
              {t('password.set.signIn')}
            </Link>
          </div>
        ) : (
          <NewPasswordForm
            passwordLabel={t('password.set.password')}
            submitLabel={invite ? t('password.set.inviteSubmit') : t('password.set.resetSubmit')}
            pending={setPassword.isPending}
            alert={<ServerErrorAlert error={setPassword.error} />}
            onSubmit={(value) => setPassword.mutate({ token, ...value })}
          />
        )}
      </CardContent>
    </Card>
  );
}
