import {
  australianStates,
  type CreatePartyRequest,
  createPartyRequestSchema,
  type PartyDetails,
} from '@waratah/contracts';
import { Button, Dropdown, TextInput } from '@waratah/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import { checkForm } from '../../../lib/field-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { useAggregators } from '../api/list-aggregators.ts';

export interface CompanyFormValue {
  party: CreatePartyRequest;
  aggregatorId: number | undefined;
}

export interface CompanyFormProps {
  /** The adviser's practice, registered already: the form starts with its details. */
  existing?: PartyDetails | null | undefined;
  pending: boolean;
  alert?: ReactNode;
  onSubmit: (value: CompanyFormValue) => void;
}

const empty = {
  name: '',
  abn: '',
  line1: '',
  line2: '',
  suburb: '',
  state: '',
  postcode: '',
  phone: '',
  website: '',
};
type Field = keyof typeof empty;
const addressFields: readonly Field[] = ['line1', 'line2', 'suburb', 'state', 'postcode'];
/** A field's key in the schema's errors. */
const errorKey = (name: Field) => (addressFields.includes(name) ? `address.${name}` : name);

/** The form's fields as a registered practice has them (the platform may lack any but the name). */
function valuesOf(party: PartyDetails): typeof empty {
  return {
    name: party.name,
    abn: party.abn ?? '',
    line1: party.address.line1 ?? '',
    line2: party.address.line2 ?? '',
    suburb: party.address.suburb ?? '',
    state: party.address.state ?? '',
    postcode: party.address.postcode ?? '',
    phone: party.phone ?? '',
    website: party.website ?? '',
  };
}

/** 'Tell us about your business': name, ABN, address, phone, website and the aggregator. */
export function CompanyForm({ existing, pending, alert, onSubmit }: CompanyFormProps) {
  const { t } = useTranslation();
  const aggregators = useAggregators();
  const [values, setValues] = useState(() => (existing ? valuesOf(existing) : empty));
  const [aggregatorId, setAggregatorId] = useState(() =>
    existing?.credentials.aggregator_id === undefined ? '' : String(existing.credentials.aggregator_id),
  );
  const [submitted, setSubmitted] = useState(false);
  const { data, errors } = checkForm(createPartyRequestSchema, {
    name: values.name,
    abn: values.abn,
    address: {
      line1: values.line1,
      ...(values.line2.trim() && { line2: values.line2 }),
      suburb: values.suburb,
      state: values.state,
      postcode: values.postcode.trim(),
    },
    phone: values.phone,
    ...(values.website.trim() && { website: values.website }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (data) return onSubmit({ party: data, aggregatorId: aggregatorId ? Number(aggregatorId) : undefined });
    // The fields in the order shown (`empty`'s): focus goes to the first one wrong.
    const first = (Object.keys(empty) as Field[]).find((name) => errors[errorKey(name)]);
    if (first) document.getElementById(`company-${first}`)?.focus();
  }

  const field = (name: Field, error: string | undefined, required = true) => ({
    id: `company-${name}`,
    name,
    required,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
    error,
    touched: submitted,
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      {alert}
      <TextInput
        label={t('register.company.name')}
        autoComplete="organization"
        {...field('name', errors.name)}
      />
      <TextInput label={t('register.company.abn')} inputMode="numeric" {...field('abn', errors.abn)} />
      <TextInput
        label={t('register.company.line1')}
        autoComplete="address-line1"
        {...field('line1', errors['address.line1'])}
      />
      <TextInput
        label={t('register.company.line2')}
        autoComplete="address-line2"
        {...field('line2', errors['address.line2'], false)}
      />
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem_7rem]">
        <TextInput
          label={t('register.company.suburb')}
          autoComplete="address-level2"
          {...field('suburb', errors['address.suburb'])}
        />
        <Dropdown
          id="company-state"
          label={t('register.company.state')}
          name="state"
          required
          value={values.state || undefined}
          onValueChange={(state) => setValues({ ...values, state })}
          options={australianStates.map((state) => ({ value: state, label: state }))}
          error={submitted ? errors['address.state'] : undefined}
        />
        <TextInput
          label={t('register.company.postcode')}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          {...field('postcode', errors['address.postcode'])}
        />
      </div>
      <TextInput
        label={t('register.company.phone')}
        type="tel"
        autoComplete="tel"
        {...field('phone', errors.phone)}
      />
      <TextInput
        label={t('register.company.website')}
        type="url"
        autoComplete="url"
        {...field('website', errors.website, false)}
      />
      <Dropdown
        label={t('register.company.aggregator')}
        name="aggregator"
        value={aggregatorId || undefined}
        onValueChange={setAggregatorId}
        disabled={!aggregators.data}
        options={(aggregators.data ?? []).map(({ id, name }) => ({ value: String(id), label: name }))}
      />
      {/* The aggregator is optional: a list that failed to load says so, and the adviser goes on. */}
      {aggregators.isError && !aggregators.data ? (
        <RetryAlert
          retryLabel={t('register.company.aggregatorRetry')}
          onRetry={() => void aggregators.refetch()}
        >
          {t('register.company.aggregatorError')}
        </RetryAlert>
      ) : null}
      <Button type="submit" size="lg" className="w-full" loading={pending}>
        {t('register.company.submit')}
      </Button>
    </form>
  );
}
