import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@waratah/ui';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useAppStore } from '../../../lib/app-state.tsx';
import { forgetAdviserData } from '../../../lib/auth/forget-adviser-data.ts';
import { useProviderAuth } from '../../../lib/auth/provider-auth.tsx';
import { useSessionServices } from '../../../lib/auth/session-services.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useIntegrations } from '../../../lib/integrations/integrations-context.tsx';
import { registrationEmail } from '../../../lib/registration-email.ts';

/** The portal shows its sign-out toasts this long (spec §9). */
export const SIGN_OUT_TOAST_MS = 5000;

export interface SignOut {
  signOut: () => Promise<void>;
  /** Under way, and on after it succeeded while the page leaves: its control is busy. */
  pending: boolean;
}

/**
 * Spec §4 sign-out: a track event, then the provider's logout (single sign-on) or the token's
 * revocation with a success toast and the sign-in page; a failure is toasted and reported. Asked
 * again while under way, it does nothing (before 2026-12-02 a double click signed out twice: two
 * events, two toasts).
 */
export function useSignOut(): SignOut {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appStore = useAppStore();
  const queryClient = useQueryClient();
  const provider = useProviderAuth();
  const { passwordSession, routeStorage } = useSessionServices();
  const { analytics, errorReporter } = useIntegrations();
  const [pending, setPending] = useState(false);
  // Read at once: a second click can come before the busy button is drawn.
  const running = useRef(false);

  const signOut = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    analytics.track('Sign out');
    // A registration left half-way in this browser is not the next person's to see.
    registrationEmail.clear();
    if (provider) {
      provider.startLogout();
      return;
    }
    try {
      await passwordSession.signOut();
    } catch (error) {
      running.current = false;
      setPending(false);
      toast.error(t('session.signOut.failure'), { duration: SIGN_OUT_TOAST_MS });
      errorReporter.report(error);
      return;
    }
    forgetAdviserData(queryClient, appStore);
    // A page saved earlier to come back to (a timed-out session's) was this adviser's, not the next's.
    routeStorage.forgetEntryRoute();
    toast.success(t('session.signOut.success'), { duration: SIGN_OUT_TOAST_MS });
    await navigate(paths.login.getHref());
  };
  return { signOut, pending };
}
