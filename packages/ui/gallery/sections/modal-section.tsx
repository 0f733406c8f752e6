import { useState } from 'react';
import { Button, Modal } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function ModalSection() {
  const [open, setOpen] = useState(false);
  const [timeout, setTimeoutOpen] = useState(false);
  return (
    <Section id="modal" title="Modal">
      <Button onClick={() => setOpen(true)}>Open modal</Button>
      <Button variant="secondary" onClick={() => setTimeoutOpen(true)}>
        Open session timeout
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Remove client"
        description="This cannot be undone."
        confirmVariant="error"
      />
      <Modal
        open={timeout}
        onOpenChange={setTimeoutOpen}
        title="Session timed out"
        description="Your session ended due to inactivity. Please try again to start a new session."
        confirmText="Try again"
        showCancel={false}
      />
    </Section>
  );
}
