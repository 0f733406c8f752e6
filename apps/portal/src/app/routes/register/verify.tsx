import { buttonVariants, SuccessPulse } from '@waratah/ui';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useVerifyEmail } from '../../../features/registration/api/verify-email.ts';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { VerifyEmailForm } from '../../../features/registration/components/verify-email-form.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registrationEmail } from '../../../lib/registration-email.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';

export default function RegisterVerifyRoute() {
  const { t } = useTranslation();
  // Read once: a verify that sends the adviser to sign in forgets it, and the page still thanks them.
  const [email] = useState(() => registrationEmail.read());
  const verify = useVerifyEmail();
  const resend = useVerifyEmail();
  const title = t('register.verify.title');
  const verifiedRef = useRef<HTMLParagraphElement>(null);

  // The form, and its button that had focus, are gone once verified: focus goes to the news, once.
  useEffect(() => {
    if (verify.isSuccess) verifiedRef.current?.focus();
  }, [verify.isSuccess]);

  if (!email) {
    return (
      <RegistrationStep step="verify" title={title} description={t('register.verify.missingEmail')}>
        <Link
          to={paths.register.profile.getHref()}
          className={buttonVariants({ size: 'lg', className: 'w-full' })}
        >
          {t('register.verify.restart')}
        </Link>
      </RegistrationStep>
    );
  }

  if (verify.isSuccess) {
    // An account that already has a password signs in; a new one chooses its password next.
    const token = verify.data.invitation_token;
    return (
      <RegistrationStep step="verify" title={title}>
        <div className="flex flex-col items-center gap-6">
          <SuccessPulse label={t('register.verify.verified')} />
          <p ref={verifiedRef} tabIndex={-1} role="status" className="font-medium text-success">
            {t('register.verify.verified')}
          </p>
          <Link
            to={token ? paths.register.password.getHref() : paths.login.getHref()}
            state={token ? { invitationToken: token } : undefined}
            className={buttonVariants({ size: 'lg', className: 'w-full' })}
          >
            {t('register.complete.continue')}
          </Link>
        </div>
      </RegistrationStep>
    );
  }

  return (
    <RegistrationStep step="verify" title={title} description={t('register.verify.description', { email })}>
      <VerifyEmailForm
        email={email}
        pending={verify.isPending}
        resending={resend.isPending}
        resent={resend.isSuccess}
        alert={<ServerErrorAlert error={verify.error ?? resend.error} />}
        onVerify={(code) => {
          // 'We have sent you a new code' is old news once a code is checked: it stayed beside the
          // code's refusal. The form holds Verify while a new code is on its way, so none is dropped.
          if (!resend.isPending) resend.reset();
          verify.mutate(
            { email, code },
            {
              // An account with a password signs in next: the registration is done with its e-mail.
              onSuccess: (verified) => {
                if (!verified.invitation_token) registrationEmail.clear();
              },
            },
          );
        }}
        onResend={() => {
          // A new code makes the last one's refusal old news (before 2026-12-02 it stayed, beside
          // 'We have sent you a new code'); a resend that fails shows its own error instead. Only
          // a refusal is forgotten: resetting a code still being checked dropped its answer, and
          // an address it confirmed was left with no way on (the form hides the link meanwhile).
          if (verify.isError) verify.reset();
          resend.mutate({ email });
        }}
      />
    </RegistrationStep>
  );
}
