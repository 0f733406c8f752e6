import type { FieldPath, FieldValues } from 'react-hook-form';
import { FormField } from './form-field.tsx';
import { TextInput, type TextInputProps } from './text-input.tsx';

export interface FormTextInputProps<Values extends FieldValues>
  extends Omit<TextInputProps, 'name' | 'value' | 'defaultValue' | 'error' | 'touched'> {
  name: FieldPath<Values>;
}

export function FormTextInput<Values extends FieldValues>({
  name,
  onChange,
  onBlur,
  ...props
}: FormTextInputProps<Values>) {
  return (
    <FormField<Values, FieldPath<Values>>
      name={name}
      render={({ field, error }) => (
        <TextInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event);
            onChange?.(event);
          }}
          onBlur={(event) => {
            field.onBlur();
            onBlur?.(event);
          }}
          error={error}
          touched={Boolean(error)}
        />
      )}
    />
  );
}
