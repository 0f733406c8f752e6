import type { CreateGoalBody } from '@waratah/contracts';
import { isApiError } from '@waratah/sdk';
import {
  Alert,
  AlertDescription,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  LoadingStatus,
  SkeletonText,
  toast,
} from '@waratah/ui';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
import { ClientDataError } from '../../client-details/components/client-data-error.tsx';
import { useCreateGoal } from '../api/create-goal.ts';
import { useGoalAccounts } from '../api/list-goal-accounts.ts';
import { type GoalFormValues, goalFormFields } from '../utils/goal-form-schema.ts';
import { AddGoalForm } from './add-goal-form.tsx';

/** Spec §9: toasts in the portal stay 5000 ms. */
const toastDuration = 5000;

export interface AddGoalPageProps {
  clientId: number;
  /**
   * Where the page returns after adding or cancelling: the goals list, or the overview when the
   * tenant does not show the goals (view_goals off), whose page would only be 'Not Found'.
   */
  backHref: string;
}

/** 'Add goal' (spec §2): creates a goal on the client's behalf through `POST goals`. */
export function AddGoalPage({ clientId, backHref }: AddGoalPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = useGoalAccounts(clientId);
  const createGoal = useCreateGoal(clientId);
  const [serverMessages, setServerMessages] = useState<string[]>([]);

  // Added: the form stays busy until the next page shows (the route guard asks who the adviser is
  // first), so that a second click cannot add the goal again.
  const busy = createGoal.isPending || createGoal.isSuccess;

  function submit(body: CreateGoalBody, form: UseFormReturn<GoalFormValues>) {
    if (busy) return;
    setServerMessages([]);
    createGoal.mutate(body, {
      onSuccess: (goal) => {
        toast.success(t('goals.form.created', { name: goal.name }), { duration: toastDuration });
        void navigate(backHref);
      },
      onError: (error) => {
        // The platform names a field as 'body.<field>'; those go beside their field, the rest above the form.
        const unplaced: string[] = [];
        for (const { field, message } of isApiError(error) ? error.fields : []) {
          const name = goalFormFields.find((known) => `body.${known}` === field);
          if (name) form.setError(name, { type: 'server', message }, { shouldFocus: true });
          else unplaced.push(message);
        }
        const placed = isApiError(error) && error.fields.length > unplaced.length;
        setServerMessages(placed ? unplaced : serverErrorMessages(error));
      },
    });
  }

  return (
    <Card className="mx-auto w-full max-w-3xl">
      <CardHeader>
        <CardTitle level={2}>{t('goals.form.title')}</CardTitle>
        <CardDescription>{t('goals.form.intro')}</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <LoadingStatus label={t('goals.form.accountsLoading')}>
            <SkeletonText lines={6} />
          </LoadingStatus>
        ) : accounts.isError ? (
          <ClientDataError error={accounts.error}>
            <RetryAlert retryLabel={t('goals.retry')} onRetry={() => void accounts.refetch()}>
              {t('goals.form.accountsError')}
            </RetryAlert>
          </ClientDataError>
        ) : accounts.data.length === 0 ? (
          <Alert variant="info">
            <AlertDescription>{t('goals.form.noAccounts')}</AlertDescription>
          </Alert>
        ) : (
          <AddGoalForm
            accounts={accounts.data}
            pending={busy}
            serverMessages={serverMessages}
            onSubmit={submit}
            onCancel={() => void navigate(backHref)}
          />
        )}
      </CardContent>
    </Card>
  );
}
