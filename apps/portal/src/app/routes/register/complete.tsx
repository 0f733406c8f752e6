import { RegistrationComplete } from '../../../features/registration/components/registration-complete.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export default function RegisterCompleteRoute() {
  const { t } = useTranslation();
  return (
    <RegistrationStep step="complete" title={t('register.complete.title')}>
      <RegistrationComplete />
    </RegistrationStep>
  );
}
