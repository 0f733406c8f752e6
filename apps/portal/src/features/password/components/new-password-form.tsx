import { Button, TextInput } from '@waratah/ui';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { meetsPasswordCriteria } from '../utils/check-password-criteria.ts';
import { PasswordCriteria } from './password-criteria.tsx';

export interface NewPassword {
  password: string;
  password_confirmation: string;
}

export interface NewPasswordFormProps {
  passwordLabel: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (value: NewPassword) => void;
  /** The server's answer when it refused, shown above the fields. */
  alert?: ReactNode;
}

/** A new password and its confirmation, with the live criteria of spec §5. */
export function NewPasswordForm({
  passwordLabel,
  submitLabel,
  pending,
  onSubmit,
  alert,
}: NewPasswordFormProps) {
  const { t } = useTranslation();
  const criteriaId = useId();
  const [value, setValue] = useState<NewPassword>({ password: '', password_confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const meetsCriteria = meetsPasswordCriteria(value.password);
  const mismatch = value.password !== value.password_confirmation ? t('password.mismatch') : undefined;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!meetsCriteria) return passwordRef.current?.focus();
    if (mismatch) return confirmRef.current?.focus();
    onSubmit(value);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {alert}
      <TextInput
        ref={passwordRef}
        label={passwordLabel}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        aria-describedby={criteriaId}
        aria-invalid={(submitted && !meetsCriteria) || undefined}
        value={value.password}
        onChange={(event) => setValue({ ...value, password: event.target.value })}
      />
      <PasswordCriteria id={criteriaId} password={value.password} showUnmet={submitted} />
      <TextInput
        ref={confirmRef}
        label={t('password.set.confirm')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={value.password_confirmation}
        onChange={(event) => setValue({ ...value, password_confirmation: event.target.value })}
        error={mismatch}
        touched={submitted}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
