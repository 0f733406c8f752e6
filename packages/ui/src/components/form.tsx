import type { ComponentProps } from 'react';
import { type FieldValues, FormProvider, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { cn } from '../lib/cn.ts';

export interface FormProps<Values extends FieldValues> extends Omit<ComponentProps<'form'>, 'onSubmit'> {
  /** From `useForm({ resolver: zodResolver(schema), mode: 'all' })`, so fields validate on every input. */
  form: UseFormReturn<Values>;
  onSubmit: SubmitHandler<Values>;
}

/** A form bound to react-hook-form; its fields (`FormField` and friends) read it from context. */
export function Form<Values extends FieldValues>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: FormProps<Values>) {
  return (
    <FormProvider {...form}>
      <form
        data-slot="form"
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className={cn('flex flex-col gap-5', className)}
        {...props}
      >
        {children}
      </form>
    </FormProvider>
  );
}
