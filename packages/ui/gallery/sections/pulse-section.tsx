import { EmailPulse, SuccessPulse } from '../../src/index.ts';
import { Section } from '../section.tsx';

export function PulseSection() {
  return (
    <Section id="pulse" title="Email and success pulse">
      <EmailPulse />
      <SuccessPulse />
    </Section>
  );
}
