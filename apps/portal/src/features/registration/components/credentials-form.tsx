import {
  type PartyCredentials,
  type Profession,
  professions,
  type UpdatePartyDetailsRequest,
  updatePartyDetailsRequestSchema,
} from '@waratah/contracts';
import { Button, Dropdown, TextInput } from '@waratah/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';

const numberFields = [
  ['afsl_number', 'afsl'],
  ['acl_number', 'acl'],
  ['credit_representative_number', 'creditRepresentative'],
  ['authorised_representative_number', 'authorisedRepresentative'],
  ['tax_agent_number', 'taxAgent'],
] as const;
type NumberField = (typeof numberFields)[number][0];

export interface CredentialsFormProps {
  /** Credentials already on the practice, e.g. the aggregator from the company step, which are kept. */
  existing: PartyCredentials | undefined;
  pending: boolean;
  alert?: ReactNode;
  onSubmit: (details: UpdatePartyDetailsRequest) => void;
}

/** 'Your professional credentials': the profession of spec §3 and the licence numbers held. */
export function CredentialsForm({ existing, pending, alert, onSubmit }: CredentialsFormProps) {
  const { t } = useTranslation();
  const [profession, setProfession] = useState<Profession | ''>('');
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    afsl_number: '',
    acl_number: '',
    credit_representative_number: '',
    authorised_representative_number: '',
    tax_agent_number: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const held = Object.fromEntries(
    Object.entries(numbers).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : [])),
  );
  const { data, errors } = checkForm(updatePartyDetailsRequestSchema, {
    ...(profession && { profession }),
    credentials: { ...existing, ...held },
  });
  const professionError = profession ? undefined : t('register.credentials.professionRequired');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (data && !professionError) return onSubmit(data);
    // The fields in the order shown: focus goes to the first one wrong.
    const first = professionError
      ? 'profession'
      : numberFields.map(([name]) => name).find((name) => errors[`credentials.${name}`]);
    if (first) document.getElementById(`credentials-${first}`)?.focus();
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {alert}
      <Dropdown
        id="credentials-profession"
        label={t('register.credentials.profession')}
        name="profession"
        required
        value={profession || undefined}
        onValueChange={(value) => setProfession(value as Profession)}
        options={professions.map((value) => ({
          value,
          label: t(`register.credentials.professions.${value}`),
        }))}
        error={submitted ? professionError : undefined}
      />
      {numberFields.map(([name, label]) => (
        <TextInput
          key={name}
          id={`credentials-${name}`}
          label={t(`register.credentials.${label}`)}
          name={name}
          inputMode="numeric"
          value={numbers[name]}
          onChange={(event) => setNumbers({ ...numbers, [name]: event.target.value })}
          error={errors[`credentials.${name}`]}
          touched={submitted}
        />
      ))}
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {t('register.credentials.submit')}
      </Button>
    </form>
  );
}
