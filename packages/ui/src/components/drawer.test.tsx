import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Drawer, type DrawerProps } from './drawer.tsx';

function Harness(props: Partial<DrawerProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filters
      </button>
      <Drawer open={open} onOpenChange={setOpen} header="Filter clients" {...props}>
        <input aria-label="Name" />
      </Drawer>
    </>
  );
}

describe('Drawer', () => {
  it('is a full-height dialog from the right, titled by its header, body viewport minus 155 px', () => {
    render(<Drawer open onOpenChange={() => {}} header="Filter clients" />);

    const drawer = screen.getByRole('dialog', { name: 'Filter clients' });
    expect(drawer).toHaveClass(
      'right-0',
      'inset-y-0',
      'h-full',
      'motion-safe:data-[state=open]:animate-drawer-in',
    );
    expect(drawer.querySelector('[data-slot="drawer-body"]')).toHaveClass(
      'h-[calc(100vh-155px)]',
      'overflow-y-auto',
    );
    expect(screen.getByRole('button', { name: 'Close drawer' })).toHaveAttribute('title', 'Close drawer');
  });

  it('shows only a primary "Confirm" button by default', () => {
    render(<Drawer open onOpenChange={() => {}} label="Details" />);

    expect(screen.getByRole('dialog', { name: 'Details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveAttribute('data-variant', 'primary');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('takes button texts, types, visibility and an alertdialog role', () => {
    render(
      <Drawer
        open
        onOpenChange={() => {}}
        header="Remove"
        role="alertdialog"
        showCancel
        cancelButtonText="Keep"
        cancelButtonType="secondary"
        confirmButtonText="Remove"
        confirmButtonType="error"
      />,
    );

    expect(screen.getByRole('alertdialog', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveAttribute('data-variant', 'secondary');
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('data-variant', 'error');
  });

  it('renders a custom footer instead of the buttons', () => {
    render(<Drawer open onOpenChange={() => {}} header="H" showCancel footer={<p>Custom footer</p>} />);

    expect(screen.getByText('Custom footer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('confirm emits confirm and closes', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancel and the close button emit cancel and close', async () => {
    const onCancel = vi.fn();
    render(<Harness showCancel onCancel={onCancel} />);

    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close drawer' }));

    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps focus and returns it on Escape', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Filters' });

    await user.click(trigger);
    const drawer = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');

    expect(trigger).toHaveFocus();
  });
});
