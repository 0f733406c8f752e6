import { Modal } from '@waratah/ui';
import { useTranslation } from '../lib/i18n.ts';

/** The 'Session timed out' modal of spec §4; 'Try again' closes it. */
export function SessionTimeoutModal({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      onOpenChange={onOpenChange}
      title={t('session.timeout.title')}
      description={t('session.timeout.inactivity')}
      confirmText={t('session.timeout.tryAgain')}
      showCancel={false}
    >
      <p className="text-body">{t('session.timeout.retry')}</p>
    </Modal>
  );
}
