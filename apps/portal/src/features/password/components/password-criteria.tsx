import { useTranslation } from '../../../lib/i18n.ts';
import { checkPasswordCriteria, type PasswordCriterion } from '../utils/check-password-criteria.ts';

const order: readonly PasswordCriterion[] = ['length', 'number', 'cases'];

export interface PasswordCriteriaProps {
  id: string;
  password: string;
  /** After a failed submit: the hint turns into the spec's warning. */
  showUnmet: boolean;
}

/** The live password criteria of spec §5: each ticks as the password meets it. */
export function PasswordCriteria({ id, password, showUnmet }: PasswordCriteriaProps) {
  const { t } = useTranslation();
  const met = checkPasswordCriteria(password);
  const allMet = order.every((criterion) => met[criterion]);

  return (
    <div id={id} className="rounded-lg bg-muted px-4 py-3 text-sm">
      <p
        aria-live="polite"
        className={showUnmet && !allMet ? 'font-medium text-error' : 'font-medium text-body'}
      >
        {showUnmet && !allMet ? t('password.criteria.unmet') : t('password.criteria.heading')}
      </p>
      <ul className="mt-2 flex flex-col gap-1.5">
        {order.map((criterion) => (
          <li key={criterion} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className={
                met[criterion]
                  ? 'grid size-4 place-items-center rounded-full bg-success text-[0.6rem] text-white'
                  : 'size-4 rounded-full border border-input'
              }
            >
              {met[criterion] ? '✓' : null}
            </span>
            <span className={met[criterion] ? 'text-success' : 'text-muted-foreground'}>
              {t(`password.criteria.${criterion}`)}
              <span className="sr-only">
                {' '}
                ({met[criterion] ? t('password.criteria.met') : t('password.criteria.notMet')})
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
