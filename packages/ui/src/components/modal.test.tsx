import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './modal.tsx';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Session timed out" {...props}>
        <input aria-label="Inside" />
      </Modal>
    </>
  );
}

function Elsewhere() {
  const [open, setOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={target}>
        Target
      </button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onOpenChange={setOpen} title="T" returnFocusTo={target} />
    </>
  );
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal open={false} onOpenChange={() => {}} title="Hidden" />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a titled, described dialog no wider than 540 px with the default buttons', () => {
    render(<Modal open onOpenChange={() => {}} title="Delete goal" description="This cannot be undone." />);

    const dialog = screen.getByRole('dialog', { name: 'Delete goal' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(dialog).toHaveClass('max-w-[540px]');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('data-variant', 'primary');
  });

  it('takes custom button texts, a confirm variant and can hide either button', () => {
    const { rerender } = render(
      <Modal
        open
        onOpenChange={() => {}}
        title="T"
        confirmText="Try again"
        cancelText="Back"
        confirmVariant="error"
      />,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveAttribute('data-variant', 'error');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();

    rerender(<Modal open onOpenChange={() => {}} title="T" showCancel={false} />);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    rerender(<Modal open onOpenChange={() => {}} title="T" showConfirm={false} />);
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('confirms, then closes', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels on the cancel button and on Escape, then closes', async () => {
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Harness onCancel={onCancel} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus inside and returns it to the trigger on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Open' });

    await user.click(trigger);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');

    expect(trigger).toHaveFocus();
  });

  it('returns focus to returnFocusTo when given', async () => {
    const user = userEvent.setup();
    render(<Elsewhere />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Target' })).toHaveFocus();
  });
});
