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
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
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
  const stillHere = useStillHere();
  const accounts = useGoalAccounts(clientId);
  // A failed background refetch keeps the form (and what is typed in it); the error shows only
  // when there are no accounts to show (a failed first load) or the client is now out of reach.
  const shownAccounts = dataToShow(accounts);
  const [serverMessages, setServerMessages] = useState<string[]>([]);
  // The form of the last submit, whose fields the platform's refusal is placed beside.
  const formRef = useRef<UseFormReturn<GoalFormValues> | null>(null);
  // The outcome is the mutation's own, so it is told even once the adviser has moved to another
  // tab while the goal was saved (before 2026-12-03 the toast or the refusal was lost, or the
  // adviser was pulled back to the goals): the page goes back only while it is still the one shown.
  const createGoal = useCreateGoal(clientId, {
    onSuccess: (goal) => {
      toast.success(t('goals.form.created', { name: goal.name }), { duration: toastDuration });
      if (stillHere()) void navigate(backHref);
    },
    onError: (error, body) => {
      const form = formRef.current;
      if (!stillHere() || !form) {
        const reason = serverErrorMessages(error).join(' ');
        toast.error(t('goals.form.failed', { name: body.name, reason }), { duration: toastDuration });
        return;
      }
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

  // Added: the form stays busy until the next page shows (the route guard asks who the adviser is
  // first), so that a second click cannot add the goal again.
  const busy = createGoal.isPending || createGoal.isSuccess;

  function submit(body: CreateGoalBody, form: UseFormReturn<GoalFormValues>) {
    if (busy) return;
    setServerMessages([]);
    formRef.current = form;
    createGoal.mutate(body);
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
        ) : shownAccounts === undefined ? (
          <ClientDataError error={accounts.error}>
            {/* Held until a busy platform's Retry-After has passed (since 2026-12-03). */}
            <RetryAlert
              retryLabel={t('goals.retry')}
              onRetry={() => void accounts.refetch()}
              errors={[accounts.error]}
            >
              {t('goals.form.accountsError')}
            </RetryAlert>
          </ClientDataError>
        ) : shownAccounts.length === 0 ? (
          <Alert variant="info">
            <AlertDescription>{t('goals.form.noAccounts')}</AlertDescription>
          </Alert>
        ) : (
          <AddGoalForm
            accounts={shownAccounts}
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

/**
 * Whether the page is, when asked, still the one the adviser is on: mounted, at the address it
 * was opened at, and not being left. A tab clicked is a navigation under way (its page's module and
 * loader) before the address changes, and the route guard may then still be deciding on its page.
 */
function useStillHere(): () => boolean {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const opened = useRef(pathname);
  const heading = useRef(pathname);
  heading.current = navigation.location?.pathname ?? pathname;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return () => mounted.current && heading.current === opened.current;
}
