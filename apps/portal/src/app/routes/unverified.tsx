import { AccountStatusPage } from '../../features/account-status/components/account-status-page.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';

export default function UnverifiedRoute() {
  return <AccountStatusPage status="unverified" action={<SignOutButton />} />;
}
