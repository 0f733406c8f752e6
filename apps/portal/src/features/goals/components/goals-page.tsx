import {
  buttonVariants,
  LoadingStatus,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@waratah/ui';
import { Link, useSearchParams } from 'react-router';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { dataToShow } from '../../../lib/client-pages/data-to-show.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { type GoalFilter, useGoals } from '../api/list-goals.ts';
import { GoalCard } from './goal-card.tsx';

/** The filter statuses the page offers (spec §4), in this order; the wire knows single statuses too. */
export const goalFilters = [
  'current',
  'in_progress',
  'previous',
  'ended',
  'all',
] as const satisfies readonly GoalFilter[];
const defaultFilter = 'current';

function isOffered(value: string | null): value is (typeof goalFilters)[number] {
  return goalFilters.some((filter) => filter === value);
}

/** The status group the URL asks for (`?status=`), or the current goals. */
export function readGoalFilter(params: URLSearchParams): (typeof goalFilters)[number] {
  const requested = params.get('status');
  return isOffered(requested) ? requested : defaultFilter;
}

export interface GoalsPageProps {
  clientId: number;
  /** Where 'Add goal' goes; left out when the tenant has the goals feature off. */
  addGoalHref?: string | undefined;
}

/** 'Goals' (spec §2): the client's goals by status group, kept in the URL (`?status=`). */
export function GoalsPage({ clientId, addGoalHref }: GoalsPageProps) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readGoalFilter(searchParams);
  const goals = useGoals(clientId, filter);

  function choose(next: string) {
    setSearchParams(
      (params) => {
        params.set('status', next);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold text-2xl tracking-tight">{t('goals.title')}</h2>
          {goals.data ? (
            <p className="text-muted-foreground" aria-live="polite">
              {t('goals.count', { count: goals.data.length })}
            </p>
          ) : null}
        </div>
        {addGoalHref ? (
          <Link
            to={addGoalHref}
            className={buttonVariants({ variant: 'primary' })}
            data-testid="add-goal-action"
          >
            {t('goals.addGoal')}
          </Link>
        ) : null}
      </div>
      <Tabs value={filter} onValueChange={choose} activationMode="manual" className="flex flex-col gap-6">
        <TabsList aria-label={t('goals.filterLabel')}>
          {goalFilters.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`goals.filters.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {goalFilters.map((value) => (
          <TabsContent key={value} value={value} aria-busy={value === filter && goals.isPending}>
            {value === filter ? <GoalList clientId={clientId} filter={value} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function GoalList({ clientId, filter }: { clientId: number; filter: GoalFilter }) {
  const { t } = useTranslation();
  const goals = useGoals(clientId, filter);
  if (goals.isPending) {
    return (
      <LoadingStatus className="flex flex-col gap-4" label={t('goals.loading')}>
        <Skeleton className="h-44 w-full rounded-2xl" />
        <Skeleton className="h-44 w-full rounded-2xl" />
      </LoadingStatus>
    );
  }
  // A failed background refetch keeps the goals on screen; the error shows only when there are none
  // to show (a failed first load) or the client is now out of reach.
  const shown = dataToShow(goals);
  if (shown === undefined) {
    // Consent ended while the page was open: the not-shared page, as no 'Try again' could pass;
    // any other failure with its retry.
    return (
      <ClientDataError error={goals.error}>
        <RetryAlert
          retryLabel={t('goals.retry')}
          onRetry={() => void goals.refetch()}
          // Held until a busy platform's Retry-After has passed (since 2026-12-03).
          errors={[goals.error]}
        >
          {t('goals.loadError')}
        </RetryAlert>
      </ClientDataError>
    );
  }
  if (shown.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-border border-dashed px-6 py-12 text-center">
        <h3 className="font-semibold text-lg">{t('goals.empty.title')}</h3>
        <p className="text-muted-foreground">
          {t(filter === 'all' ? 'goals.empty.all' : 'goals.empty.filtered')}
        </p>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-4">
      {shown.map((goal) => (
        <li key={goal.id}>
          <GoalCard goal={goal} />
        </li>
      ))}
    </ul>
  );
}
