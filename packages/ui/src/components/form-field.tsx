import type { ReactElement } from 'react';
import {
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  useController,
  useFormContext,
  useFormState,
} from 'react-hook-form';

export interface FormFieldRenderProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  field: ControllerRenderProps<Values, Name>;
  /** The first message for this field, once it has been touched or the form submitted. */
  error: string | undefined;
}

export interface FormFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> {
  name: Name;
  render: (props: FormFieldRenderProps<Values, Name>) => ReactElement;
}

/** Connects one kit input to the surrounding `Form`; errors wait until the field is touched (spec §5). */
export function FormField<Values extends FieldValues, Name extends FieldPath<Values>>({
  name,
  render,
}: FormFieldProps<Values, Name>) {
  const { control } = useFormContext<Values>();
  const { field, fieldState } = useController({ name, control });
  const { isSubmitted } = useFormState({ control });
  // Read the error on every render: react-hook-form only keeps a field's error up to date for
  // components that read it, so reading it lazily would miss the errors of a failed submit.
  const message = fieldState.error?.message;
  const shown = fieldState.isTouched || isSubmitted;
  return render({ field, error: shown ? message : undefined });
}
