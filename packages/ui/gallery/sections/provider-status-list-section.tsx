import { useState } from 'react';
import { ProviderStatusList } from '../../src/index.ts';
import { Section } from '../section.tsx';

const providers = JSON.stringify([
  { name: 'Westpac', status: 'supported', image_url: null },
  { name: 'ANZ', status: 'supported', image_url: null },
  { name: 'Commonwealth Bank', status: 'outage', image_url: null },
  { name: 'bendigo bank', status: 'supported', image_url: null },
]);

export function ProviderStatusListSection() {
  const [count, setCount] = useState(0);
  return (
    <Section id="provider-status-list" title="Provider status list">
      <ProviderStatusList
        heading="Bank connections"
        providers={providers}
        onChanged={setCount}
        className="w-full"
      />
      <p className="text-muted-foreground text-sm">Showing {count} rows</p>
    </Section>
  );
}
