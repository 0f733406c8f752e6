import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  cn,
  LoadingStatus,
  Skeleton,
} from '@waratah/ui';
import type { ReactNode } from 'react';
import { ClientDataError } from '../../../lib/client-pages/client-data-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export interface OverviewPanelProps {
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One overview figure: a titled card that loads, fails and retries on its own. */
export function OverviewPanel({ title, description, action, className, children }: OverviewPanelProps) {
  return (
    <Card className={cn('gap-4 py-6', className)}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 sm:px-6">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-lg">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent className="sm:px-6">{children}</CardContent>
    </Card>
  );
}

export function PanelLoading({
  title,
  rows = 3,
  className = 'flex flex-col gap-3',
  rowClassName = 'h-6 w-full',
}: {
  title: string;
  rows?: number;
  /** The loading rows' layout and each row's size: the panel's own, where it has a known shape. */
  className?: string;
  rowClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <LoadingStatus label={t('overview.loading', { panel: title.toLowerCase() })} className={className}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own
        <Skeleton key={index} className={rowClassName} />
      ))}
    </LoadingStatus>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="text-muted-foreground text-sm">{children}</p>;
}

export function PanelError({
  error,
  title,
  onRetry,
}: {
  error: unknown;
  title: string;
  onRetry: () => void;
}) {
  return <ClientDataError error={error} title={title} onRetry={onRetry} />;
}
