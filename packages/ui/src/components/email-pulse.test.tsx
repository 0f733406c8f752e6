import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailPulse } from './email-pulse.tsx';
import { SuccessPulse } from './success-pulse.tsx';

function rings() {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-slot="pulse-ring"]'));
}

describe('EmailPulse and SuccessPulse', () => {
  it('pulses the email icon 5 times by default', () => {
    render(<EmailPulse />);

    expect(screen.getByRole('img', { name: 'Email sent' })).toBeInTheDocument();
    expect(rings().map((ring) => ring.style.animationIterationCount)).toEqual(['5', '5']);
  });

  it('pulses the success icon 2 times by default', () => {
    render(<SuccessPulse label="Registration complete" />);

    expect(screen.getByRole('img', { name: 'Registration complete' })).toBeInTheDocument();
    expect(rings().map((ring) => ring.style.animationIterationCount)).toEqual(['2', '2']);
  });

  it('takes another count and stops moving when reduced motion is asked for', () => {
    render(<EmailPulse iterations={1} className="mx-auto" />);

    expect(rings()[0]?.style.animationIterationCount).toBe('1');
    expect(rings()[0]).toHaveClass('animate-pulse-ring', 'opacity-0', 'motion-reduce:animate-none');
    expect(screen.getByRole('img')).toHaveClass('mx-auto');
  });
});
