import { useMutation } from '@tanstack/react-query';
import type { DocumentKind } from '@waratah/contracts';
import { Button, type ButtonVariant, Drawer } from '@waratah/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
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
import { TrackedDocumentJob } from './document-job.tsx';
import { DocumentJobsProvider, useDocumentJobs } from './document-jobs-provider.tsx';

/** A document queued: the row that follows it; its key changes on a retry, so the row starts afresh. */
type Job = QueuedDocument;

export interface DocumentRequestDrawerProps {
  clientId: number;
  /** What the drawer makes: its documents are kept under it while the adviser moves between tabs. */
  documentKind: DocumentKind;
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
 * Its documents are kept by the `DocumentJobsProvider` above the client's pages (one of its own
 * outside them), which follows them while the drawer is closed or its page left for another tab.
 */
export function DocumentRequestDrawer(props: DocumentRequestDrawerProps) {
  if (useDocumentJobs()) return <RequestDrawer {...props} />;
  return (
    <DocumentJobsProvider clientId={props.clientId}>
      <RequestDrawer {...props} />
    </DocumentJobsProvider>
  );
}

function RequestDrawer({
  clientId,
  documentKind,
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
  // Always there: `DocumentRequestDrawer` renders this inside a provider.
  const store = useDocumentJobs() as NonNullable<ReturnType<typeof useDocumentJobs>>;
  const open = store.isOpen(documentKind);
  const jobs = store.jobsOf(documentKind);
  const { setOpen: setStoreOpen } = store;
  const setOpen = (next: boolean) => setStoreOpen(documentKind, next);
  // A page left with its drawer open (the browser's Back) does not leave it open for the next visit.
  useEffect(() => () => setStoreOpen(documentKind, false), [documentKind, setStoreOpen]);
  // Refusals 'Try again' left out (they would be refused again): still said until the form is sent anew.
  const [standing, setStanding] = useState<RefusedDocument[]>([]);
  const progressId = useId();
  // A form sent incomplete: once its fields have drawn their errors (`onInvalid` marks them
  // touched), focus goes to the first, whose message it names (aria-describedby), so a screen
  // reader says why nothing was made (before 2026-12-03 focus stayed on the button). Looked for
  // after the render that drew them: the fields are the caller's, and the kit's date picker takes
  // no id to find it by.
  const formRef = useRef<HTMLFormElement>(null);
  const [invalidSubmits, setInvalidSubmits] = useState(0);
  useEffect(() => {
    if (invalidSubmits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidSubmits]);
  const create = useMutation({
    mutationFn: queueDocuments,
    onSuccess: ({ created }) => {
      if (created.length === 0) return;
      store.add(documentKind, created);
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
    onSuccess: ({ old, initial }, job) => {
      store.replace(old, { ...job, initial, key: initial.id });
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
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setStanding([]);
    create.mutate(asked);
  }

  const failure = failureOf();
  const renderJob = (job: Job) => (
    <TrackedDocumentJob
      key={job.key}
      clientId={clientId}
      name={job.name}
      initial={job.initial}
      // Only while the drawer is open: closed, the provider's hidden row downloads it, and this row
      // may still be on screen for the drawer's closing animation (both would save the file).
      autoDownload={open && !store.downloaded.has(job.key)}
      onAutoDownload={() => store.markDownloaded(job.key)}
      onRetry={() => retryJob(job)}
      // A busy platform's wait holds for every document of the client, this one's retry too.
      retryAt={failure?.retryAt}
      // Shown here: the failure is said in the row, not in a toast.
      onFailed={() => store.markTold(job.key)}
    />
  );
  return (
    <>
      {/* Closing the drawer does not lose a document on its way: the provider's hidden list follows
          and downloads it, and says in a toast if it failed. */}
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
            ref={formRef}
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
