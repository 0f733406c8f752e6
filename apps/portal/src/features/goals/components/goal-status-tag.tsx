import type { GoalStatus } from '@waratah/contracts';
import { Tag, type TagVariant } from '@waratah/ui';
import { useTranslation } from '../../../lib/i18n.ts';

const variants: Record<GoalStatus, TagVariant> = {
  unstarted: 'neutral',
  active: 'primary',
  finalising: 'warning',
  completed: 'success',
  failed: 'error',
  cancelled: 'neutral',
};

/** A goal's status (spec §4) as a coloured label. */
export function GoalStatusTag({ status }: { status: GoalStatus }) {
  const { t } = useTranslation();
  return <Tag variant={variants[status]}>{t(`goals.statuses.${status}`)}</Tag>;
}
