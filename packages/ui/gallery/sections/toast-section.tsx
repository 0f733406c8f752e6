import { Button, Toaster, toast } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function ToastSection() {
  return (
    <Section id="toast" title="Toast">
      <Button variant="success" onClick={() => toast.success('Successfully signed out')}>
        Success toast
      </Button>
      <Button
        variant="error"
        onClick={() => toast.error('Error signing out, please try again', { duration: 5000 })}
      >
        Error toast
      </Button>
      <Button variant="tertiary" onClick={() => toast.warning('Your export is taking longer than usual')}>
        Warning toast
      </Button>
      <Toaster />
    </Section>
  );
}
