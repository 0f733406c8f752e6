import type { DocumentKind } from '@waratah/contracts';
import { toast } from '@waratah/ui';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import type { QueuedDocument } from '../utils/queue-documents.ts';
import { DOCUMENT_TOAST_MS, TrackedDocumentJob } from './document-job.tsx';

interface TrackedJob extends QueuedDocument {
  /** The drawer it was asked for in, which lists it. */
  kind: DocumentKind;
}

interface JobsState {
  jobs: TrackedJob[];
  /** Each new file is downloaded once by itself, not again when its drawer opens later. */
  downloaded: ReadonlySet<string>;
  /** Failures the adviser has been told of, in the open drawer or by a toast. */
  told: ReadonlySet<string>;
  /** The drawer open now (one at a time: a drawer is modal). */
  open: DocumentKind | null;
}

export interface DocumentJobs {
  clientId: number;
  /** A drawer's documents, newest first. */
  jobsOf: (kind: DocumentKind) => QueuedDocument[];
  add: (kind: DocumentKind, created: QueuedDocument[]) => void;
  /** A document asked for again: its row follows the new export from now on. */
  replace: (oldKey: string, job: QueuedDocument) => void;
  downloaded: ReadonlySet<string>;
  markDownloaded: (key: string) => void;
  markTold: (key: string) => void;
  isOpen: (kind: DocumentKind) => boolean;
  setOpen: (kind: DocumentKind, open: boolean) => void;
}

const DocumentJobsContext = createContext<DocumentJobs | null>(null);

/** The documents of the client's pages, or null outside a `DocumentJobsProvider`. */
export function useDocumentJobs(): DocumentJobs | null {
  return useContext(DocumentJobsContext);
}

const added = (keys: ReadonlySet<string>, key: string) => (keys.has(key) ? keys : new Set(keys).add(key));

/**
 * The documents asked for on a client's pages, held above the pages (the client frame's route
 * module mounts it), so that one asked for on one tab is still followed and downloaded after the
 * adviser moves to another: a page's drawer only shows them. Those whose drawer is closed are
 * followed in a hidden list; a failure there is said in a toast, as a download is. Leaving the
 * client's pages with documents unfinished says so. Before 2026-12-02 the drawer held its
 * documents: another tab unmounted it, its documents were never downloaded, and nothing said so.
 */
export function DocumentJobsProvider({ clientId, children }: { clientId: number; children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<JobsState>(() => ({
    jobs: [],
    downloaded: new Set(),
    told: new Set(),
    open: null,
  }));
  // Stable, so that a drawer can hold them in its effects.
  const actions = useMemo(
    () => ({
      add: (kind: DocumentKind, created: QueuedDocument[]) =>
        setState((current) => ({
          ...current,
          jobs: [...created.map((job) => ({ ...job, kind })), ...current.jobs],
        })),
      replace: (oldKey: string, job: QueuedDocument) =>
        setState((current) => ({
          ...current,
          jobs: current.jobs.map((known) => (known.key === oldKey ? { ...job, kind: known.kind } : known)),
        })),
      markDownloaded: (key: string) =>
        setState((current) => ({ ...current, downloaded: added(current.downloaded, key) })),
      markTold: (key: string) => setState((current) => ({ ...current, told: added(current.told, key) })),
      setOpen: (kind: DocumentKind, open: boolean) =>
        setState((current) => {
          const next = open ? kind : current.open === kind ? null : current.open;
          return next === current.open ? current : { ...current, open: next };
        }),
    }),
    [],
  );
  const jobs = useMemo<DocumentJobs>(
    () => ({
      ...actions,
      clientId,
      jobsOf: (kind) => state.jobs.filter((job) => job.kind === kind),
      downloaded: state.downloaded,
      isOpen: (kind) => state.open === kind,
    }),
    [actions, clientId, state],
  );

  // Said once the pages are left (this unmounts): the documents still on their way are dropped.
  const latest = useRef({ state, t });
  useEffect(() => {
    latest.current = { state, t };
  });
  useEffect(
    () => () => {
      const { state: last, t: translate } = latest.current;
      const count = last.jobs.filter(
        (job) => !last.downloaded.has(job.key) && !last.told.has(job.key),
      ).length;
      if (count > 0)
        toast.error(translate('documents.unfinished', { count }), { duration: DOCUMENT_TOAST_MS });
    },
    [],
  );

  // Out of sight: those of closed drawers not yet downloaded, nor failed and said so.
  const away = state.jobs.filter(
    (job) => job.kind !== state.open && !state.downloaded.has(job.key) && !state.told.has(job.key),
  );
  return (
    <DocumentJobsContext.Provider value={jobs}>
      {away.length > 0 ? (
        <ul hidden>
          {away.map((job) => (
            <TrackedDocumentJob
              key={job.key}
              clientId={clientId}
              name={job.name}
              initial={job.initial}
              autoDownload
              onAutoDownload={() => jobs.markDownloaded(job.key)}
              // Asked for again from its drawer, where the failure is shown.
              onRetry={() => undefined}
              onFailed={(message) => {
                toast.error(message, { duration: DOCUMENT_TOAST_MS });
                jobs.markTold(job.key);
              }}
            />
          ))}
        </ul>
      ) : null}
      {children}
    </DocumentJobsContext.Provider>
  );
}
