import { useState } from 'react';
import { SidebarMenu } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function SidebarMenuSection() {
  const [open, setOpen] = useState(true);
  return (
    <Section id="sidebar-menu" title="Sidebar menu">
      <div className="flex h-64 w-full overflow-hidden rounded-xl border border-border">
        <SidebarMenu
          title="Client"
          open={open}
          onOpenChange={setOpen}
          openWidth="w-64"
          items={[
            { label: 'Overview', href: '#sidebar-menu' },
            { label: 'About', href: 'https://example.com', external: true },
            { label: 'Refresh', onClick: () => {} },
            { label: 'Hidden', href: '#', disabled: true },
          ]}
        />
        <p className="p-6 text-muted-foreground text-sm">
          Page content ({open ? 'sidebar open' : 'sidebar closed'})
        </p>
      </div>
    </Section>
  );
}
