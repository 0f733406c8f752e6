import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export interface PulseRingsProps {
  iterations: number;
  label: string;
  tone: 'primary' | 'success';
  children: ReactNode;
  className?: string | undefined;
}

/** An icon with rings pulsing out a set number of times; no motion for those who ask for less. */
export function PulseRings({ iterations, label, tone, children, className }: PulseRingsProps) {
  const ring = cn(
    'absolute inset-0 animate-pulse-ring rounded-full opacity-0 [animation-fill-mode:both] motion-reduce:animate-none',
    tone === 'primary' ? 'bg-primary/30' : 'bg-success/30',
  );
  return (
    <div
      role="img"
      aria-label={label}
      data-slot="pulse"
      className={cn('relative inline-flex size-24 items-center justify-center', className)}
    >
      <span data-slot="pulse-ring" className={ring} style={{ animationIterationCount: iterations }} />
      <span
        data-slot="pulse-ring"
        className={ring}
        style={{ animationIterationCount: iterations, animationDelay: '0.5s' }}
      />
      <span
        className={cn(
          'relative inline-flex size-16 items-center justify-center rounded-full',
          tone === 'primary'
            ? 'bg-primary text-button-primary-foreground'
            : 'bg-success text-success-foreground',
        )}
      >
        {children}
      </span>
    </div>
  );
}
