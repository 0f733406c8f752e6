import { useLocation } from 'react-router';
import { PasswordResetRequest } from '../../features/password/components/password-reset-request.tsx';
import { useTranslation } from '../../lib/i18n.ts';

export default function ResendResetPasswordRoute() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const email = typeof state?.email === 'string' ? state.email : '';
  return (
    <PasswordResetRequest
      heading={t('password.resend.heading')}
      description={t('password.resend.description')}
      submitLabel={t('password.resend.submit')}
      initialEmail={email}
      offerResend={false}
    />
  );
}
