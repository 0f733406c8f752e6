import { PulseRings } from './pulse-rings.tsx';

export interface EmailPulseProps {
  /** Spec §9: 5 by default. */
  iterations?: number;
  label?: string;
  className?: string;
}

export function EmailPulse({ iterations = 5, label = 'Email sent', className }: EmailPulseProps) {
  return (
    <PulseRings iterations={iterations} label={label} tone="primary" className={className}>
      <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-8">
        <rect x="3" y="5" width="18" height="14" rx="2" stroke="currentColor" strokeWidth="2" />
        <path d="M3 7l9 6 9-6" stroke="currentColor" strokeWidth="2" />
      </svg>
    </PulseRings>
  );
}
