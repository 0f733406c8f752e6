import { ProgressBar, type ProgressStep } from '../../src/index.ts';
import { Section } from '../section.tsx';

const steps: ProgressStep[] = [
  { position: 1, label: 'Profile' },
  {
    position: 2,
    label: 'Verify',
    subSteps: [
      { position: 1, label: 'Send code' },
      { position: 2, label: 'Enter code' },
    ],
  },
  { position: 3, label: 'Password' },
  { position: 4, label: 'Company' },
];

export function ProgressBarSection() {
  return (
    <Section id="progress-bar" title="Progress bar">
      <ProgressBar steps={steps} current={2} currentSubStep={2} className="w-full" />
    </Section>
  );
}
