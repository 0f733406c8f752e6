import { type FieldErrors, type FieldValues, useFormState } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';

export interface FormErrorSummaryProps {
  /** Spec §2: 'Please correct the following errors:' on the sign-in page. */
  title?: string;
  /** Extra messages, e.g. from the server. */
  messages?: string[];
  className?: string;
}

function collect(errors: FieldErrors<FieldValues>): string[] {
  return Object.values(errors).flatMap((error) => {
    if (!error) return [];
    if (typeof error.message === 'string' && error.message) return [error.message];
    return collect(error as FieldErrors<FieldValues>);
  });
}

/** After a failed submit, lists every field's first message in one announced alert. */
export function FormErrorSummary({
  title = 'Please correct the following errors:',
  messages = [],
  className,
}: FormErrorSummaryProps) {
  const { isSubmitted, errors } = useFormState();
  const all = [...(isSubmitted ? collect(errors) : []), ...messages];
  if (all.length === 0) return null;
  return (
    <Alert variant="error" className={className}>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <ul className="list-disc pl-5">
          {all.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
