import { PasswordResetRequest } from '../../features/password/components/password-reset-request.tsx';
import { useTranslation } from '../../lib/i18n.ts';

export default function ResetPasswordRoute() {
  const { t } = useTranslation();
  return (
    <PasswordResetRequest
      heading={t('password.reset.heading')}
      description={t('password.reset.description')}
      submitLabel={t('password.reset.submit')}
      offerResend
    />
  );
}
