import { fireEvent, render, screen } from '@testing-library/react';
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

/**
 * Lets a closed modal fade out as a browser with motion allowed does
 * (`motion-safe:data-[state=closed]:animate-dialog-out`): mounted, its buttons clickable, until its
 * animation ends. jsdom plays no animation, and its computed styles are snapshots that never see the
 * closed state's animation, so Radix would unmount the modal at once.
 */
function fadeOutOnClose() {
  const computedStyle = window.getComputedStyle.bind(window);
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computedStyle(element, pseudo);
    if (element.getAttribute('data-slot') !== 'modal') return style;
    return new Proxy(style, {
      get: (target, key) =>
        key === 'animationName'
          ? element.getAttribute('data-state') === 'closed'
            ? 'dialog-out'
            : 'none'
          : Reflect.get(target, key, target),
    });
  });
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

  it('confirms once on a double click while it fades out, and again once it is reopened', async () => {
    fadeOutOnClose();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);

    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog');
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await user.dblClick(confirm);
    // Still there, fading out: before 2026-12-03 the second click confirmed again (a second unlink).
    expect(dialog).toBeInTheDocument();
    expect(dialog).toHaveAttribute('data-state', 'closed');
    await user.click(screen.getByRole('button', { name: 'Cancel', hidden: true }));
    fireEvent.keyDown(dialog, { key: 'Escape' });

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();

    // Reopened before the fade has ended (the page behind is still hidden from the accessibility
    // tree meanwhile): the same buttons confirm again.
    await user.click(screen.getByRole('button', { name: 'Open', hidden: true }));
    expect(dialog).toHaveAttribute('data-state', 'open');
    await user.click(confirm);

    expect(onConfirm).toHaveBeenCalledTimes(2);
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
