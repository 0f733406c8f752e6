import { useMutation } from '@tanstack/react-query';
import type { DocumentExport } from '@waratah/contracts';
import { Button, Spinner, Tag, type TagVariant, toast } from '@waratah/ui';
import { useEffect, useRef } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
import { isExportGone, useDocumentExport } from '../api/document-exports.ts';
import { useDocumentDownloads } from '../api/use-document-downloads.ts';
import { saveFile } from '../utils/save-file.ts';

/** Spec §9: toasts in the portal stay 5000 ms. */
export const DOCUMENT_TOAST_MS = 5000;

type JobState = 'queued' | 'running' | 'downloading' | 'completed' | 'ready' | 'failed' | 'unavailable';

const tagOf: Record<JobState, TagVariant> = {
  queued: 'neutral',
  running: 'primary',
  downloading: 'primary',
  completed: 'success',
  ready: 'success',
  failed: 'error',
  unavailable: 'error',
};

export interface DocumentJobRowProps {
  clientId: number;
  /** What the adviser asked for, e.g. 'Statement – Everyday Account'. */
  name: string;
  document: DocumentExport;
  /** Download the file as soon as it is ready (the adviser asked for it just now). */
  autoDownload: boolean;
  /** Told when the automatic download starts; it then ends with a toast. */
  onAutoDownload?: (() => void) | undefined;
  /** Creates the document again after a failed generation. */
  onRetry?: (() => void) | undefined;
  /**
   * When `onRetry` may be asked again, in milliseconds since the epoch: the `Retry-After` of a busy
   * platform's last refusal to make a document of the client. Until then its 'Try again' waits.
   */
  retryAt?: number | undefined;
  /** The platform no longer has the document (deleted meanwhile). */
  unavailable?: boolean;
  /** Why the last look at the document's progress failed (it is looked at again): said in the row. */
  followError?: unknown;
  /**
   * Told once when the document failed or is gone, with what happened in words naming it: a row
   * out of sight (its drawer closed) says so in a toast.
   */
  onFailed?: ((message: string) => void) | undefined;
}

/** One export: its progress while it is generated, then the file; a failure says why and offers a retry. */
export function DocumentJobRow({
  clientId,
  name,
  document,
  autoDownload,
  onAutoDownload,
  onRetry,
  retryAt,
  unavailable = false,
  followError,
  onFailed,
}: DocumentJobRowProps) {
  const { t } = useTranslation();
  const downloads = useDocumentDownloads();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  // The toast and the error are handled here, in the mutation's own options, not in mutate()'s:
  // those would be dropped with the row, which can go before the file comes (the hidden list of
  // `DocumentJobsProvider` lets a row go once its automatic download starts).
  const download = useMutation({
    mutationFn: (_how: { automatic: boolean }) => downloads.downloadExport(document, { userId: clientId }),
    onSuccess: (file, { automatic }) => {
      saveFile(file.blob, file.fileName);
      if (automatic) toast.success(t('documents.downloaded', { name }), { duration: DOCUMENT_TOAST_MS });
    },
    onError: (error) => {
      // A row still shown says so itself, with a retry.
      if (shown.current) return;
      toast.error(t('documents.downloadFailed', { reason: serverErrorMessages(error).join(' ') }), {
        duration: DOCUMENT_TOAST_MS,
      });
    },
  });
  const started = useRef(false);
  const { mutate } = download;
  useEffect(() => {
    if (autoDownload && document.status === 'completed' && !started.current) {
      started.current = true;
      onAutoDownload?.();
      mutate({ automatic: true });
    }
  }, [autoDownload, document.status, mutate, onAutoDownload]);

  const failure = unavailable
    ? t('documents.unavailableNamed', { name })
    : document.status !== 'failed'
      ? null
      : document.error
        ? t('documents.failedNamed', { name, reason: document.error })
        : t('documents.failedNamedUnknown', { name });
  // Once per failure, however often the row is drawn again.
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (failure === null || told.current === failure) return;
    told.current = failure;
    onFailed?.(failure);
  }, [failure, onFailed]);

  const state: JobState = unavailable
    ? 'unavailable'
    : download.isPending
      ? 'downloading'
      : document.status === 'completed'
        ? download.isSuccess
          ? 'completed'
          : 'ready'
        : document.status;
  const busy = state === 'queued' || state === 'running' || state === 'downloading';
  const period =
    document.from_date && document.to_date
      ? t('documents.passport.covering', {
          from: formatDate(document.from_date),
          to: formatDate(document.to_date),
        })
      : document.to_date
        ? formatDate(document.to_date)
        : null;

  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-border p-3"
      data-testid="document-job"
      data-status={state}
      aria-busy={busy}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <span className="font-medium">{name}</span>
          <span className="text-muted-foreground text-sm">
            {period ? `${period} · ` : ''}
            {t('documents.passport.created', { date: formatDate(document.created_at) })}
          </span>
        </div>
        <div className="flex items-center gap-2">
          {busy ? <Spinner /> : null}
          <Tag variant={tagOf[state]}>{t(`documents.status.${state}`)}</Tag>
          {document.status === 'completed' && !download.isPending && !unavailable ? (
            <Button
              size="sm"
              variant={state === 'ready' ? 'primary' : 'secondary'}
              onClick={() => download.mutate({ automatic: false })}
              aria-label={`${state === 'ready' ? t('documents.download') : t('documents.downloadAgain')}: ${document.file_name}`}
            >
              {state === 'ready' ? t('documents.download') : t('documents.downloadAgain')}
            </Button>
          ) : null}
        </div>
      </div>
      <span className="sr-only">{t(`documents.progress.${state}`, { name })}</span>
      {followError && busy && !unavailable ? (
        <p className="text-muted-foreground text-sm">
          {t('documents.followFailed', { reason: serverErrorMessages(followError).join(' ') })}
        </p>
      ) : null}
      {unavailable ? (
        <RetryAlert retryLabel={t('documents.retry')} onRetry={onRetry} retryAt={retryAt}>
          {t('documents.unavailable')}
        </RetryAlert>
      ) : document.status === 'failed' ? (
        <RetryAlert retryLabel={t('documents.retry')} onRetry={onRetry} retryAt={retryAt}>
          {document.error
            ? t('documents.failedBecause', { reason: document.error })
            : t('documents.failedUnknown')}
        </RetryAlert>
      ) : download.isError ? (
        <RetryAlert
          retryLabel={t('documents.retry')}
          onRetry={() => download.mutate({ automatic: false })}
          errors={[download.error]}
        >
          {t('documents.downloadFailed', { reason: serverErrorMessages(download.error).join(' ') })}
        </RetryAlert>
      ) : null}
    </li>
  );
}

export interface TrackedDocumentJobProps {
  clientId: number;
  name: string;
  initial: DocumentExport;
  autoDownload: boolean;
  onAutoDownload: () => void;
  onRetry: () => void;
  retryAt?: number | undefined;
  onFailed?: ((message: string) => void) | undefined;
}

/** An export created just now: polled until it settles (or is gone), then downloaded. */
export function TrackedDocumentJob({ initial, ...props }: TrackedDocumentJobProps) {
  const job = useDocumentExport(props.clientId, initial);
  const gone = isExportGone(job.error);
  return (
    <DocumentJobRow
      document={job.data}
      unavailable={gone}
      followError={gone ? undefined : (job.error ?? undefined)}
      {...props}
    />
  );
}
