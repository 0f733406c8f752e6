import { prefetchClientFrame } from '../../../features/client-details/api/prefetch-client-page.ts';
import { ClientDetailsLayout } from '../../../features/client-details/components/client-details-layout.tsx';

export default function UserDetailsRoute() {
  return <ClientDetailsLayout />;
}

export const prefetch = prefetchClientFrame;
