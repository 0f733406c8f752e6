import { createContext, type ReactNode, useContext } from 'react';
import type { Integrations } from './create-integrations.ts';

const IntegrationsContext = createContext<Integrations | null>(null);

export function IntegrationsProvider({
  integrations,
  children,
}: {
  integrations: Integrations;
  children: ReactNode;
}) {
  return <IntegrationsContext value={integrations}>{children}</IntegrationsContext>;
}

export function useIntegrations(): Integrations {
  const integrations = useContext(IntegrationsContext);
  if (!integrations) throw new Error('useIntegrations needs an IntegrationsProvider above it');
  return integrations;
}
