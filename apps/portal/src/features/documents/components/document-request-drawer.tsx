import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonVariant, Drawer } from '@waratah/ui';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { whenToAskAgain, worthAskingAgain } from '../../../lib/is-api-error.ts';
import { RetryAlert } from '../../../lib/retry-alert.tsx';
import { serverErrorMessages } from '../../../lib/server-error-messages.ts';
import {
  type DocumentRequest,
  type QueuedDocument,
  queueDocuments,
  type RefusedDocument,
} from '../utils/queue-documents.ts';
import { useRetryWaitNote } from '../utils/use-retry-wait-note.ts';
import { TrackedDocumentJob } from './document-job.tsx';

/** A document queued: the row that follows it; its key changes on a retry, so the row starts afresh. */
type Job = QueuedDocument;

export interface DocumentRequestDrawerProps {
  clientId: number;
  triggerLabel: string;
  triggerVariant?: ButtonVariant;
  title: string;
  description: string;
  /** The form's fields. */
  children: ReactNode;
  /**
   * The documents for what the form holds, or null while it is incomplete (the form then shows
   * its errors).
   */
  requests: () => DocumentRequest[] | null;
  onInvalid?: () => void;
  /** Called as the drawer opens, e.g. to start from what the page shows. */
  onOpen?: () => void;
  /** Called after documents were queued, e.g. to refresh a list of exports. */
  onCreated?: () => void;
  /** Shown under the progress, e.g. the earlier exports. */
  after?: (createdIds: ReadonlySet<string>) => ReactNode;
  disabled?: boolean;
}

const reasonOf = (error: unknown) => serverErrorMessages(error).join(' ');

/**
 * A button opening a drawer that asks for a document, queues it on the platform, shows its progress
 * (aria-live) and downloads the file when it is ready; a failure explains why and offers a retry.
 */
export function DocumentRequestDrawer({
  clientId,
  triggerLabel,
  triggerVariant = 'secondary',
  title,
  description,
  children,
  requests,
  onInvalid,
  onOpen,
  onCreated,
  after,
  disabled,
}: DocumentRequestDrawerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [jobs, setJobs] = useState<Job[]>([]);
  // Each new file is downloaded once by itself, not again when the drawer opens later.
  const [downloaded, setDownloaded] = useState<ReadonlySet<string>>(() => new Set());
  // Refusals 'Try again' left out (they would be refused again): still said until the form is sent anew.
  const [standing, setStanding] = useState<RefusedDocument[]>([]);
  const progressId = useId();
  const create = useMutation({
    mutationFn: queueDocuments,
    onSuccess: ({ created }) => {
      if (created.length === 0) return;
      setJobs((current) => [...created, ...current]);
      onCreated?.();
    },
  });
  // The documents being asked for again, by key, whatever the drawer does meanwhile (a mutation's
  // reset, on Close, forgets its pending state, not the request).
  const retrying = useRef(new Set<string>());
  const retry = useMutation({
    mutationFn: async (job: Job) => ({ old: job.key, initial: await job.create() }),
    onSettled: (_answer, _error, job) => {
      retrying.current.delete(job.key);
    },
    onSuccess: ({ old, initial }) => {
      setJobs((current) =>
        current.map((job) => (job.key === old ? { ...job, initial, key: initial.id } : job)),
      );
      onCreated?.();
    },
  });

  // One document asked for again at a time: a second click while it is on its way would queue it
  // twice, the second never followed (before 2026-12-02); and the drawer shows one retry's failure,
  // so another's at the same time would go unsaid.
  function retryJob(job: Job) {
    if (retrying.current.size > 0) return;
    retrying.current.add(job.key);
    retry.mutate(job);
  }

  /** Closing forgets what failed: the drawer opens again on a clean form. */
  function close() {
    setOpen(false);
    create.reset();
    retry.reset();
    setStanding([]);
  }

  /**
   * What went wrong, in words, and a try again that asks only for what failed (nothing is queued
   * twice) and only for what may pass when asked again: a refusal of what the form holds (a 400,
   * say a period with too many transactions) is not offered again, the form has to change first.
   */
  function failureOf(): {
    reason: string;
    tryAgain: (() => void) | undefined;
    retryAt: number | undefined;
  } | null {
    if (retry.isError) {
      const job = retry.variables;
      return {
        reason: reasonOf(retry.error),
        tryAgain: job && worthAskingAgain(retry.error) ? () => retryJob(job) : undefined,
        retryAt: whenToAskAgain([retry.error]),
      };
    }
    if (create.isError)
      return {
        reason: reasonOf(create.error),
        tryAgain: worthAskingAgain(create.error) ? submit : undefined,
        retryAt: whenToAskAgain([create.error]),
      };
    const refused = [...standing, ...(create.data?.refused ?? [])];
    if (refused.length === 0) return null;
    const askAgain = refused.filter(({ error }) => worthAskingAgain(error));
    return {
      reason: refused.map(({ request, error }) => `${request.name}: ${reasonOf(error)}`).join(' '),
      tryAgain:
        askAgain.length > 0
          ? () => {
              if (create.isPending) return;
              setStanding(refused.filter((refusal) => !askAgain.includes(refusal)));
              create.mutate(askAgain.map(({ request }) => request));
            }
          : undefined,
      retryAt: whenToAskAgain(askAgain.map(({ error }) => error)),
    };
  }

  function submit() {
    // The form sent by Enter while its documents are on their way (the button then waits).
    if (create.isPending) return;
    const asked = requests();
    if (asked === null) {
      onInvalid?.();
      return;
    }
    setStanding([]);
    create.mutate(asked);
  }

  const failure = failureOf();
  const waitNote = useRetryWaitNote();
  const renderJob = (job: Job) => (
    <TrackedDocumentJob
      key={job.key}
      clientId={clientId}
      name={job.name}
      initial={job.initial}
      autoDownload={!downloaded.has(job.key)}
      onAutoDownload={() => setDownloaded((keys) => new Set(keys).add(job.key))}
      onRetry={() => retryJob(job)}
      // A busy platform's wait holds for every document of the client, this one's retry too.
      retryAt={failure?.retryAt}
    />
  );
  const waiting = jobs.filter((job) => !downloaded.has(job.key));
  return (
    <>
      {!open && waiting.length > 0 ? (
        // Closing the drawer does not lose a document on its way: it is still followed and downloaded.
        <ul hidden>{waiting.map(renderJob)}</ul>
      ) : null}
      <Button
        variant={triggerVariant}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        disabled={disabled}
      >
        {triggerLabel}
      </Button>
      <Drawer
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        header={title}
        footer={
          <>
            <Button variant="transparent" onClick={close}>
              {t('documents.close')}
            </Button>
            <Button onClick={submit} loading={create.isPending}>
              {t('documents.create')}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-6">
          <p className="text-muted-foreground">{description}</p>
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {children}
          </form>
          {failure ? (
            <RetryAlert
              retryLabel={t('documents.retry')}
              onRetry={failure.tryAgain}
              retryAt={failure.retryAt}
              waitNote={waitNote}
            >
              {t('documents.requestFailed', { reason: failure.reason })}
            </RetryAlert>
          ) : null}
          {jobs.length > 0 ? (
            <section aria-labelledby={progressId} className="flex flex-col gap-3">
              <h3 id={progressId} className="font-semibold">
                {t('documents.progressTitle')}
              </h3>
              <ul className="flex flex-col gap-2" aria-live="polite">
                {jobs.map(renderJob)}
              </ul>
            </section>
          ) : null}
          {after?.(new Set(jobs.map((job) => job.key)))}
        </div>
      </Drawer>
    </>
  );
}
