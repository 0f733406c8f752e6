import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useRegisterAdviser } from '../../../features/registration/api/register-adviser.ts';
import { RegisterProfileForm } from '../../../features/registration/components/register-profile-form.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { useAppConfig } from '../../../lib/app-config/get-app-config.ts';
import { isFeatureEnabled } from '../../../lib/app-config/is-feature-enabled.ts';
import { useAppState } from '../../../lib/app-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { registrationEmail } from '../../../lib/registration-email.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';

export default function RegisterProfileRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const legal = useAppState((state) => state.tenantConfig.legal);
  const { data: appConfig } = useAppConfig();
  const register = useRegisterAdviser();

  return (
    <RegistrationStep
      step="profile"
      title={t('register.profile.title')}
      description={t('register.profile.description')}
      footer={
        isFeatureEnabled(appConfig, 'ta_register') ? (
          <>
            {t('register.haveAccount')}
            <Link
              to={paths.login.getHref()}
              className="font-semibold text-link underline-offset-4 hover:underline"
            >
              {t('register.signIn')}
            </Link>
          </>
        ) : null
      }
    >
      <RegisterProfileForm
        legal={legal}
        pending={register.isPending}
        alert={<ServerErrorAlert error={register.error} />}
        onSubmit={(profile) =>
          register.mutate(profile, {
            onSuccess: () => {
              registrationEmail.write(profile.email);
              void navigate(paths.register.verify.getHref());
            },
          })
        }
      />
    </RegistrationStep>
  );
}
