import type { ComponentProps } from 'react';
import { cn } from '../lib/cn.ts';

/** Spec §3: a progress step. */
export interface ProgressStep {
  position: number;
  label: string;
  subSteps?: ProgressStep[];
}

export interface ProgressBarProps extends ComponentProps<'nav'> {
  steps: ProgressStep[];
  /** The position of the step in progress. */
  current: number;
  /** The position of the sub-step in progress within the current step. */
  currentSubStep?: number;
}

type StepState = 'complete' | 'current' | 'upcoming';

function stateOf(position: number, current: number): StepState {
  if (position < current) return 'complete';
  return position === current ? 'current' : 'upcoming';
}

/** An ordered list of steps; the current one carries aria-current="step". */
export function ProgressBar({ steps, current, currentSubStep, className, ...props }: ProgressBarProps) {
  const ordered = [...steps].sort((a, b) => a.position - b.position);
  const index = ordered.findIndex((step) => step.position === current);
  const percent = ordered.length ? Math.round(((index + 1) / ordered.length) * 100) : 0;
  return (
    <nav
      aria-label="Progress"
      data-slot="progress-bar"
      className={cn('flex flex-col gap-3', className)}
      {...props}
    >
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-button-primary-fade"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
      <ol className="flex flex-wrap gap-x-6 gap-y-2">
        {ordered.map((step) => {
          const state = stateOf(step.position, current);
          return (
            <li key={step.position} data-state={state} className="flex flex-col gap-1 text-sm">
              <span
                aria-current={state === 'current' ? 'step' : undefined}
                className={cn(
                  'font-medium',
                  state === 'upcoming' ? 'text-muted-foreground' : 'text-body',
                  state === 'current' && 'text-primary',
                )}
              >
                {state === 'complete' ? <span className="sr-only">Completed: </span> : null}
                {step.label}
              </span>
              {state === 'current' && step.subSteps?.length ? (
                <ol className="flex flex-col gap-0.5 pl-3">
                  {step.subSteps.map((sub) => {
                    const subState = stateOf(sub.position, currentSubStep ?? 0);
                    return (
                      <li
                        key={sub.position}
                        data-state={subState}
                        aria-current={subState === 'current' ? 'step' : undefined}
                        className={cn(subState === 'upcoming' ? 'text-muted-foreground' : 'text-body')}
                      >
                        {sub.label}
                      </li>
                    );
                  })}
                </ol>
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
