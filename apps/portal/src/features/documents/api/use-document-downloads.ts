import { xsrfCookieName } from '@waratah/contracts';
import { createDocumentDownloads, type DocumentDownloads } from '@waratah/sdk';
import { useMemo } from 'react';
import { appInfo, bundleId, deviceVersion, softwareVersion } from '../../../config/app-info.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useAppState } from '../../../lib/app-state.tsx';
import { readCookie } from '../../../lib/auth/read-cookie.ts';
import { useSessionServices } from '../../../lib/auth/session-services.tsx';

/**
 * The SDK's file downloads, set up like the portal's API client (same host, headers, password
 * token or single sign-on cookie with the XSRF token), since files need the raw body.
 */
export function useDocumentDownloads(): DocumentDownloads {
  const client = useApiClient();
  const tenantId = useAppState((state) => state.tenant);
  const sso = useAppState((state) => state.envConfig.fusionAuth?.enabled ?? false);
  const { passwordSession, unauthorized } = useSessionServices();
  return useMemo(
    () =>
      createDocumentDownloads({
        baseUrl: client.baseUrl,
        apiVersion: appInfo.apiVersion,
        bundleId,
        softwareVersion,
        deviceVersion,
        sso,
        tenantId,
        getAccessToken: passwordSession.getAccessToken,
        getXsrfToken: () => readCookie(xsrfCookieName),
        onUnauthorized: () => unauthorized.notify(),
        // Looked up on each call, so the page always uses the current network.
        fetch: (input, init) => globalThis.fetch(input, init),
      }),
    [client.baseUrl, sso, tenantId, passwordSession, unauthorized],
  );
}
