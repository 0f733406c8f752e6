import { ErrorPage } from '../../features/errors/components/error-page.tsx';

export default function ErrorRoute() {
  return <ErrorPage />;
}
