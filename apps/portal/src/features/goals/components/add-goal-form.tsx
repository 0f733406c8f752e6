import { zodResolver } from '@hookform/resolvers/zod';
import type { Account, CreateGoalBody } from '@waratah/contracts';
import { frequencies, goalTargetTypes, trackingTypes } from '@waratah/contracts';
import {
  Button,
  DatePicker,
  Dropdown,
  Form,
  FormErrorSummary,
  FormField,
  TextInput,
  type TextInputProps,
} from '@waratah/ui';
import { useMemo } from 'react';
import { type UseFormReturn, useForm, useFormState } from 'react-hook-form';
import { accountDisplayName } from '../../../lib/client-pages/account-display-name.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  emptyGoalForm,
  type GoalFormField,
  type GoalFormValues,
  goalFormSchema,
  requiredForTarget,
  toCreateGoalBody,
} from '../utils/goal-form-schema.ts';

export interface AddGoalFormProps {
  accounts: Account[];
  pending: boolean;
  /** Messages of a refused request that name no field of the form. */
  serverMessages: string[];
  onSubmit: (body: CreateGoalBody, form: UseFormReturn<GoalFormValues>) => void;
  onCancel: () => void;
}

// A blank nickname (CDS stores `''` as given) is no name: before 2026-12-03 it blanked the option.
function accountLabel(account: Account): string {
  const name = accountDisplayName(account);
  return account.account_number ? `${name} · ${account.account_number}` : name;
}

/** The add-goal form: every target type and frequency of spec §3, checked by the contract's rules. */
export function AddGoalForm({ accounts, pending, serverMessages, onSubmit, onCancel }: AddGoalFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(
    () =>
      goalFormSchema((field, contractMessage) =>
        field === 'end_date' && contractMessage.includes('after')
          ? t('goals.form.errors.endAfterStart')
          : t(`goals.form.errors.${field}`),
      ),
    [t],
  );
  const form = useForm<GoalFormValues>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues: emptyGoalForm,
  });
  const required = new Set<GoalFormField>(requiredForTarget(form.watch('target')));
  // Read here, unconditionally, so this form re-renders with every field's message after a failed
  // submit (the kit's FormField reads its message only once touched, and misses a submit's).
  const { errors, isSubmitted, touchedFields } = useFormState({ control: form.control });
  const errorOf = (name: GoalFormField) =>
    isSubmitted || touchedFields[name] ? errors[name]?.message : undefined;

  const dropdown = (name: GoalFormField, label: string, options: { value: string; label: string }[]) => (
    <FormField<GoalFormValues, GoalFormField>
      name={name}
      render={({ field }) => (
        <Dropdown
          label={label}
          name={field.name}
          required
          value={field.value || undefined}
          onValueChange={(value) => {
            field.onChange(value);
            field.onBlur();
          }}
          options={options}
          error={errorOf(name)}
        />
      )}
    />
  );
  const text = (name: GoalFormField, label: string, props: Partial<TextInputProps>) => (
    <FormField<GoalFormValues, GoalFormField>
      name={name}
      render={({ field }) => (
        <TextInput
          {...props}
          ref={field.ref}
          name={field.name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(name)}
          touched={Boolean(errorOf(name))}
        />
      )}
    />
  );
  const amount = (name: GoalFormField, label: string) =>
    text(name, label, {
      inputMode: 'decimal',
      placeholder: t('goals.form.amountPlaceholder'),
      required: required.has(name),
    });
  const date = (name: GoalFormField, label: string) => (
    <FormField<GoalFormValues, GoalFormField>
      name={name}
      render={({ field }) => (
        <DatePicker
          name={field.name}
          label={label}
          placeholder={t('goals.form.datePlaceholder')}
          required={required.has(name)}
          value={field.value}
          onValueChange={(value) => {
            field.onChange(value);
            field.onBlur();
          }}
          enableErrors
          error={errorOf(name)}
          touched={Boolean(errorOf(name))}
        />
      )}
    />
  );

  return (
    <Form
      form={form}
      onSubmit={(values) => onSubmit(toCreateGoalBody(values), form)}
      aria-label={t('goals.form.title')}
    >
      <FormErrorSummary messages={serverMessages} />
      {text('name', t('goals.form.name'), { required: true, maxLength: 100 })}
      {text('description', t('goals.form.description'), { maxLength: 500 })}
      {dropdown(
        'account_id',
        t('goals.form.account'),
        accounts.map((account) => ({
          value: String(account.id),
          label: accountLabel(account),
          description: account.provider_name,
        })),
      )}
      <div className="grid gap-5 sm:grid-cols-3">
        {dropdown(
          'target',
          t('goals.form.target'),
          goalTargetTypes.map((value) => ({ value, label: t(`goals.targetTypes.${value}`) })),
        )}
        {dropdown(
          'frequency',
          t('goals.form.frequency'),
          frequencies.map((value) => ({ value, label: t(`goals.frequencies.${value}`) })),
        )}
        {dropdown(
          'tracking_type',
          t('goals.form.trackingType'),
          trackingTypes.map((value) => ({ value, label: t(`goals.trackingTypes.${value}`) })),
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {amount('target_amount', t('goals.form.targetAmount'))}
        {amount('period_amount', t('goals.form.periodAmount'))}
        {amount('start_amount', t('goals.form.startAmount'))}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {date('start_date', t('goals.form.startDate'))}
        {date('end_date', t('goals.form.endDate'))}
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <Button type="button" variant="transparent" onClick={onCancel}>
          {t('goals.form.cancel')}
        </Button>
        <Button type="submit" loading={pending}>
          {t('goals.form.submit')}
        </Button>
      </div>
    </Form>
  );
}
