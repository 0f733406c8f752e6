import { buttonVariants, SuccessPulse } from '@waratah/ui';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../lib/i18n.ts';

/** The last step: the success pulse and what happens next. */
export function RegistrationComplete() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-6 text-center">
      <SuccessPulse />
      <p className="text-body">{t('register.complete.message')}</p>
      <Link to={paths.dashboard.getHref()} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
        {t('register.complete.continue')}
      </Link>
    </div>
  );
}
