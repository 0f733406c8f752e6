import { i18n } from '../lib/i18n.ts';

/**
 * Start-up failed, so no tenant theme or UI kit styling can be relied on: plain markup with
 * inline styles that read well on their own.
 */
export function StartUpError() {
  return (
    <main
      style={{
        maxWidth: '32rem',
        margin: '15vh auto 0',
        padding: '0 1.5rem',
        fontFamily: 'system-ui, sans-serif',
        color: '#1f2933',
        lineHeight: 1.5,
      }}
    >
      <h1 style={{ fontSize: '1.5rem', margin: '0 0 0.75rem' }}>{i18n.t('app.startUpFailed.heading')}</h1>
      <p style={{ margin: '0 0 1.25rem' }}>{i18n.t('app.startUpFailed.message')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ font: 'inherit', padding: '0.5rem 1rem' }}
      >
        {i18n.t('app.startUpFailed.refresh')}
      </button>
    </main>
  );
}
