import { useState } from 'react';
import { Button, Drawer } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function DrawerSection() {
  const [open, setOpen] = useState(false);
  return (
    <Section id="drawer" title="Drawer">
      <Button onClick={() => setOpen(true)}>Open drawer</Button>
      <Drawer open={open} onOpenChange={setOpen} header="Filter clients" showCancel confirmButtonText="Apply">
        <p>Drawer body that scrolls when it is taller than the viewport.</p>
      </Drawer>
    </Section>
  );
}
