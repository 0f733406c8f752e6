import { verifyEmailRequestSchema } from '@waratah/contracts';
import { Alert, Button, EmailPulse, TextInput } from '@waratah/ui';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';

export interface VerifyEmailFormProps {
  email: string;
  pending: boolean;
  resending: boolean;
  resent: boolean;
  alert?: ReactNode;
  onVerify: (code: string) => void;
  onResend: () => void;
}

/** The verify step: the e-mail pulse while the code is on its way, then the code from the e-mail. */
export function VerifyEmailForm({
  email,
  pending,
  resending,
  resent,
  alert,
  onVerify,
  onResend,
}: VerifyEmailFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const { data, errors } = checkForm(verifyEmailRequestSchema, { email, code: code.trim() });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A new code on its way replaces the typed one: checked now, it would be refused, a try lost.
    if (resending) return;
    setSubmitted(true);
    if (!data?.code) return codeRef.current?.focus();
    onVerify(data.code);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <EmailPulse className="mx-auto" />
      {alert}
      {/* Always in the page, empty while a code is on its way, so each new code is announced: a
          status inserted with its text is often not read, and a second one's text was the same.
          The note in it is no live region of its own (two would read it twice). */}
      <div aria-live="polite" className="empty:-mb-5">
        {resent ? (
          <Alert variant="success" role="none">
            {t('register.verify.resent')}
          </Alert>
        ) : null}
      </div>
      <TextInput
        ref={codeRef}
        label={t('register.verify.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
        touched={submitted}
      />
      <Button type="submit" size="lg" className="w-full" loading={pending} disabled={resending}>
        {t('register.verify.submit')}
      </Button>
      <Button type="button" variant="link" onClick={onResend} loading={resending} disabled={pending}>
        {t('register.verify.resend')}
      </Button>
    </form>
  );
}
