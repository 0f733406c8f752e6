import type { FieldPath, FieldValues } from 'react-hook-form';
import { Checkbox, type CheckboxProps } from './checkbox.tsx';
import { FormField } from './form-field.tsx';

export interface FormCheckboxProps<Values extends FieldValues>
  extends Omit<CheckboxProps, 'name' | 'checked' | 'defaultChecked' | 'onCheckedChange' | 'error'> {
  name: FieldPath<Values>;
}

export function FormCheckbox<Values extends FieldValues>({ name, ...props }: FormCheckboxProps<Values>) {
  return (
    <FormField<Values, FieldPath<Values>>
      name={name}
      render={({ field, error }) => (
        <Checkbox
          {...props}
          ref={field.ref}
          name={field.name}
          checked={Boolean(field.value)}
          onCheckedChange={(checked) => {
            field.onChange(checked === true);
            field.onBlur();
          }}
          onBlur={field.onBlur}
          error={error}
        />
      )}
    />
  );
}
