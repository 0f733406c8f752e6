import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePartyDetails } from '../../../features/registration/api/get-party-details.ts';
import { useUpdatePartyDetails } from '../../../features/registration/api/update-party-details.ts';
import { CredentialsForm } from '../../../features/registration/components/credentials-form.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';

export default function RegisterCredentialsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const party = usePartyDetails();
  const updateDetails = useUpdatePartyDetails();

  return (
    <RegistrationStep
      step="credentials"
      title={t('register.credentials.title')}
      description={t('register.credentials.description')}
    >
      <CredentialsForm
        existing={party.data?.credentials}
        pending={updateDetails.isPending}
        alert={<ServerErrorAlert error={updateDetails.error} />}
        onSubmit={(details) =>
          updateDetails.mutate(details, { onSuccess: () => void navigate(paths.register.complete.getHref()) })
        }
      />
    </RegistrationStep>
  );
}
