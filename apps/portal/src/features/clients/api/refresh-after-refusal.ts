import type { QueryClient } from '@tanstack/react-query';
import { appConfigQueryKey } from '../../../lib/app-config/get-app-config.ts';
import { clientRefusal } from '../utils/client-refusal.ts';
import { clientsQueryKey } from './list-clients.ts';

/**
 * What a suspension, reactivation or unlink refused for good leaves out of date, refreshed without
 * waiting: the list (404 or 403), and, when the feature was switched off (403 F0204), the app config
 * too, so that its buttons go (before 2026-12-04 only the list was refreshed, and Suspend and Unlink
 * stayed until the page was reloaded, each press refused again).
 */
export function refreshAfterRefusal(queryClient: QueryClient, error: unknown): void {
  const refusal = clientRefusal(error);
  if (refusal === null) return;
  void queryClient.invalidateQueries({ queryKey: clientsQueryKey });
  if (refusal === 'off') void queryClient.invalidateQueries({ queryKey: appConfigQueryKey });
}
