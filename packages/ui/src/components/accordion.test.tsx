import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion.tsx';

function Example() {
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="fees">
        <AccordionTrigger>Fees</AccordionTrigger>
        <AccordionContent>No monthly fee</AccordionContent>
      </AccordionItem>
      <AccordionItem value="rates">
        <AccordionTrigger>Rates</AccordionTrigger>
        <AccordionContent>5.1% p.a.</AccordionContent>
      </AccordionItem>
    </Accordion>
  );
}

describe('Accordion', () => {
  it('starts closed and opens then closes a section by click', async () => {
    render(<Example />);
    const fees = screen.getByRole('button', { name: 'Fees' });
    expect(fees).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No monthly fee')).not.toBeInTheDocument();

    await userEvent.click(fees);
    expect(fees).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Fees' })).toHaveTextContent('No monthly fee');

    await userEvent.click(fees);
    expect(fees).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens by keyboard and moves between headers with arrow keys', async () => {
    const user = userEvent.setup();
    render(<Example />);

    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Rates' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByText('5.1% p.a.')).toBeInTheDocument();
  });
});
