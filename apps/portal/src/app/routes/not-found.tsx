import { PageNotFound } from '../../features/errors/components/page-not-found.tsx';

export default function NotFoundRoute() {
  return <PageNotFound />;
}
