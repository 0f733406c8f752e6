import { AccountStatusPage } from '../../features/account-status/components/account-status-page.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';

export default function DisabledRoute() {
  return <AccountStatusPage status="disabled" action={<SignOutButton />} />;
}
