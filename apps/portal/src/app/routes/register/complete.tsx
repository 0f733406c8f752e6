import { useTranslation } from 'react-i18next';
import { RegistrationComplete } from '../../../features/registration/components/registration-complete.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';

export default function RegisterCompleteRoute() {
  const { t } = useTranslation();
  return (
    <RegistrationStep step="complete" title={t('register.complete.title')}>
      <RegistrationComplete />
    </RegistrationStep>
  );
}
