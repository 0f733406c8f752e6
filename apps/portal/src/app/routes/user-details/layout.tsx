import { ClientDetailsLayout } from '../../../features/client-details/components/client-details-layout.tsx';

export default function UserDetailsRoute() {
  return <ClientDetailsLayout />;
}
