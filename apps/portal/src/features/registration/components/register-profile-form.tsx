import { type RegisterAdminUserRequest, registerAdminUserRequestSchema } from '@waratah/contracts';
import type { LegalLinks } from '@waratah/tenants';
import { Button, Checkbox, TextInput } from '@waratah/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export interface RegisterProfileFormProps {
  legal: LegalLinks | undefined;
  pending: boolean;
  alert?: ReactNode;
  onSubmit: (profile: RegisterAdminUserRequest) => void;
}

const fieldOrder = ['email', 'given_name', 'family_name', 'terms_accepted'] as const;

/** Spec §3 user form fields of the profile step, with the §5 messages, terms acceptance included. */
export function RegisterProfileForm({ legal, pending, alert, onSubmit }: RegisterProfileFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', given_name: '', family_name: '', terms_accepted: false });
  const [submitted, setSubmitted] = useState(false);
  const { data, errors } = checkForm(registerAdminUserRequestSchema, values);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (data) return onSubmit(data);
    const first = fieldOrder.find((field) => errors[field]);
    if (first) document.getElementById(`register-${first}`)?.focus();
  }

  const text = (field: 'email' | 'given_name' | 'family_name') => ({
    id: `register-${field}`,
    name: field,
    required: true,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value }),
    error: errors[field],
    touched: submitted,
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {alert}
      <TextInput label={t('register.profile.email')} type="email" autoComplete="email" {...text('email')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInput
          label={t('register.profile.firstName')}
          autoComplete="given-name"
          {...text('given_name')}
        />
        <TextInput
          label={t('register.profile.lastName')}
          autoComplete="family-name"
          {...text('family_name')}
        />
      </div>
      <Checkbox
        id="register-terms_accepted"
        name="terms_accepted"
        required
        checked={values.terms_accepted}
        onCheckedChange={(checked) => setValues({ ...values, terms_accepted: checked === true })}
        error={submitted ? errors.terms_accepted : undefined}
        label={
          <>
            {t('register.profile.termsPrefix')}{' '}
            <LegalLink href={legal?.termsLink} label={t('register.profile.terms')} />{' '}
            {t('register.profile.and')}{' '}
            <LegalLink href={legal?.privacyLink} label={t('register.profile.privacy')} />
          </>
        }
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {t('register.profile.submit')}
      </Button>
    </form>
  );
}

function LegalLink({ href, label }: { href: string | undefined; label: string }) {
  const { t } = useTranslation();
  if (!href) return <>{label}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('layout.externalLink', { label })}
      className="font-medium text-link underline underline-offset-2"
    >
      {label}
    </a>
  );
}
