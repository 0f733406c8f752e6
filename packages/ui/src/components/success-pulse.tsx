import { PulseRings } from './pulse-rings.tsx';

export interface SuccessPulseProps {
  /** Spec §9: 2 by default. */
  iterations?: number;
  label?: string;
  className?: string;
}

export function SuccessPulse({ iterations = 2, label = 'Success', className }: SuccessPulseProps) {
  return (
    <PulseRings iterations={iterations} label={label} tone="success" className={className}>
      <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className="size-8">
        <path d="M5 12.5l4.5 4.5L19 7.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </PulseRings>
  );
}
