import { buttonVariants, SuccessPulse } from '@waratah/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

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
