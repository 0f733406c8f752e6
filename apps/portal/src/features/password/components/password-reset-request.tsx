import { resetPasswordRequestSchema } from '@waratah/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  TextInput,
} from '@waratah/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { ServerErrorAlert } from '../../../lib/server-error-alert.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

export interface PasswordResetRequestProps {
  heading: string;
  description: string;
  submitLabel: string;
  initialEmail?: string;
  /** The first request offers to send again; the resend page itself does not. */
  offerResend: boolean;
}

/** An e-mail address in, reset instructions out (spec §2 reset password). */
export function PasswordResetRequest({
  heading,
  description,
  submitLabel,
  initialEmail = '',
  offerResend,
}: PasswordResetRequestProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const [submitted, setSubmitted] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const reset = useRequestPasswordReset();
  const { data, errors } = checkForm(resetPasswordRequestSchema, { email });

  // The form, and its button that had focus, are gone once sent: focus goes to the news, once.
  useEffect(() => {
    if (reset.isSuccess) sentRef.current?.focus();
  }, [reset.isSuccess]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!data) return emailRef.current?.focus();
    reset.mutate(data.email);
  }

  return (
    <Card className="w-full max-w-[27rem]">
      <CardHeader>
        <CardTitle level={1}>{heading}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {reset.isSuccess ? (
          <div className="flex flex-col gap-4">
            <Alert ref={sentRef} tabIndex={-1} variant="success">
              {t('password.reset.sent')}
            </Alert>
            {offerResend ? (
              <p className="text-muted-foreground text-sm">
                {t('password.reset.notReceived')}{' '}
                <Link
                  to={paths.resendResetPassword.getHref()}
                  state={{ email: data?.email ?? email }}
                  className="font-semibold text-link underline-offset-4 hover:underline"
                >
                  {t('password.reset.resend')}
                </Link>
              </p>
            ) : null}
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
            <ServerErrorAlert error={reset.error} />
            <TextInput
              ref={emailRef}
              label={t('password.reset.email')}
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={errors.email}
              touched={submitted}
            />
            <Button type="submit" size="lg" className="w-full" loading={reset.isPending}>
              {submitLabel}
            </Button>
          </form>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link
          to={paths.login.getHref()}
          className="font-semibold text-link underline-offset-4 hover:underline"
        >
          {t('password.reset.backToSignIn')}
        </Link>
      </CardFooter>
    </Card>
  );
}
