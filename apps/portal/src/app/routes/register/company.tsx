import type { CreatePartyRequest, UpdatePartyDetailsRequest } from '@waratah/contracts';
import { LoadingStatus, SkeletonText } from '@waratah/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useCreateParty } from '../../../features/registration/api/create-party.ts';
import { usePartyDetails } from '../../../features/registration/api/get-party-details.ts';
import { useUpdatePartyDetails } from '../../../features/registration/api/update-party-details.ts';
import { CompanyForm } from '../../../features/registration/components/company-form.tsx';
import { RegistrationStep } from '../../../features/registration/components/registration-step.tsx';
import { useAppState } from '../../../lib/app-state.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';

export default function RegisterCompanyRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createParty = useCreateParty();
  const updateDetails = useUpdatePartyDetails();
  const next = () => void navigate(paths.register.credentials.getHref());
  // An adviser back on this step with a practice registered (browser Back from the next step, a
  // reload): the form starts with its details, and saves them. Before 2026-12-03 it was empty, and
  // the platform refused it again (409 "Your business is already registered") for ever.
  const registeredBefore = useAppState((state) => Boolean(state.userDetails?.external_party));
  const existing = usePartyDetails({ enabled: registeredBefore });
  const hasPractice = registeredBefore && existing.data !== null;
  // A registration the platform refused as registered already (409): the practice is there all the same.
  const [registeredUnseen, setRegisteredUnseen] = useState(false);

  return (
    <RegistrationStep
      step="company"
      title={t('register.company.title')}
      description={t('register.company.description')}
    >
      {registeredBefore && existing.isPending ? (
        <LoadingStatus label={t('app.loading')}>
          <SkeletonText lines={8} />
        </LoadingStatus>
      ) : (
        <CompanyForm
          existing={registeredBefore ? existing.data : undefined}
          pending={createParty.isPending || updateDetails.isPending}
          alert={<ServerErrorAlert error={createParty.error ?? updateDetails.error} />}
          onSubmit={({ party, aggregatorId }) => {
            const aggregator = aggregatorId ? { credentials: { aggregator_id: aggregatorId } } : undefined;
            const saveDetails = (changes: UpdatePartyDetailsRequest) =>
              Object.keys(changes).length === 0 ? next() : updateDetails.mutate(changes, { onSuccess: next });
            // Registered already, the aggregator's save having failed: the platform would refuse the
            // business again (409) for ever, so the fields edited since (none, most often) are saved
            // as its details, with the aggregator, in one call. A field a failed save sent is sent
            // again: that save may have been kept with its answer lost, so a value changed back
            // since must reach the platform too.
            if (createParty.isSuccess && createParty.variables)
              saveDetails({
                ...editedSince(createParty.variables, party, updateDetails.variables),
                ...aggregator,
              });
            else if (hasPractice || registeredUnseen) saveDetails({ ...everyField(party), ...aggregator });
            else
              createParty.mutate(party, {
                onSuccess: () => saveDetails({ ...aggregator }),
                onError: (error) => {
                  // Registered already (by an earlier try whose answer was lost, another tab, or
                  // before the page knew): the platform refuses the business again for ever (409),
                  // so what is on the form is saved as its details instead, every field, since what
                  // is registered is not known. Before 2026-12-02 the step never moved on; before
                  // 2026-12-03 only after a try whose answer was lost.
                  if (!isApiError(error) || error.status !== 409) return;
                  createParty.reset();
                  setRegisteredUnseen(true);
                  saveDetails({ ...everyField(party), ...aggregator });
                },
              });
          }}
        />
      )}
    </RegistrationStep>
  );
}

/** Every field of the business, as details: a website left empty as null. */
function everyField(party: CreatePartyRequest): UpdatePartyDetailsRequest {
  return {
    name: party.name,
    abn: party.abn,
    address: party.address,
    phone: party.phone,
    website: party.website ?? null,
  };
}

/**
 * The business's fields changed since `registered` was sent, and those `sentSince` (the last
 * failed save of details, which carried every field sent before it) named: a website taken away
 * as null.
 */
function editedSince(
  registered: CreatePartyRequest,
  now: CreatePartyRequest,
  sentSince: UpdatePartyDetailsRequest = {},
): UpdatePartyDetailsRequest {
  const send = (key: keyof CreatePartyRequest) =>
    key in sentSince || JSON.stringify(now[key]) !== JSON.stringify(registered[key]);
  const edited: UpdatePartyDetailsRequest = {};
  if (send('name')) edited.name = now.name;
  if (send('abn')) edited.abn = now.abn;
  if (send('address')) edited.address = now.address;
  if (send('phone')) edited.phone = now.phone;
  if (send('website')) edited.website = now.website ?? null;
  return edited;
}
