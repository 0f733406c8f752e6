import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PasswordResetRequest } from '../../features/password/components/password-reset-request.tsx';

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
