import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SidebarMenu, type SidebarMenuItem } from './sidebar-menu.tsx';

function RouterLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a href={`#router${to}`} data-router-link className={className}>
      {children}
    </a>
  );
}

const onClick = vi.fn();
const items: SidebarMenuItem[] = [
  { label: 'Overview', to: '/overview' },
  { label: 'About', href: 'https://about.example', external: true },
  { label: 'Docs', href: '/docs' },
  { label: 'Refresh', onClick },
  { label: 'Hidden', href: '/hidden', disabled: true },
];

function Controlled() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <p>{open ? 'is open' : 'is closed'}</p>
      <SidebarMenu items={items} open={open} onOpenChange={setOpen} openWidth="w-72" closedWidth="w-8" />
    </>
  );
}

describe('SidebarMenu', () => {
  it('renders nothing without items', () => {
    const { container } = render(<SidebarMenu items={[]} />);

    expect(container).toBeEmptyDOMElement();
  });

  it('renders each kind of item, hiding disabled ones, with an optional title', async () => {
    render(<SidebarMenu items={items} title="Client" linkComponent={RouterLink} />);

    expect(screen.getByText('Client')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Overview' })).toHaveAttribute('data-router-link');
    expect(screen.getByRole('link', { name: /About/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Docs' })).not.toHaveAttribute('target');
    expect(screen.queryByText('Hidden')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('defaults to w-96 open and w-6 closed, toggled by a round titled button', async () => {
    const onOpenChange = vi.fn();
    const user = userEvent.setup();
    render(<SidebarMenu items={items} onOpenChange={onOpenChange} />);
    const aside = screen.getByRole('complementary', { name: 'Sidebar' });

    const close = screen.getByRole('button', { name: 'Close sidebar navigation menu' });
    expect(close).toHaveAttribute('title', 'Close sidebar navigation menu');
    expect(close).toHaveClass('rounded-full');
    expect(aside).toHaveClass('w-96');
    await user.click(close);

    expect(aside).toHaveClass('w-6');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Open sidebar navigation menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    open.focus();
    await user.keyboard('{Enter}');
    expect(onOpenChange.mock.calls).toEqual([
      [false, 'w-6'],
      [true, 'w-96'],
    ]);
  });

  it('follows a controlled open state two ways, with custom widths, sliding in over 0.6 s', async () => {
    render(<Controlled />);
    const aside = screen.getByRole('complementary');
    expect(aside).toHaveClass('w-8');

    await userEvent.click(screen.getByRole('button', { name: 'Open sidebar navigation menu' }));

    expect(screen.getByText('is open')).toBeInTheDocument();
    expect(aside).toHaveClass('w-72');
    expect(screen.getByRole('navigation').parentElement).toHaveClass('animate-sidebar-in');
  });
});
