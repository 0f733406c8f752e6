import { type ComponentType, type ReactNode, useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { SidebarMenuEntry } from './sidebar-menu-entry.tsx';

/** Spec §3: a sidebar menu item. */
export interface SidebarMenuItem {
  label: string;
  /** An internal route, rendered through `linkComponent`. */
  to?: string;
  href?: string;
  /** Opens `href` in a new tab. */
  external?: boolean;
  onClick?: () => void;
  disabled?: boolean;
}

/** The router's link (e.g. React Router's Link), so the kit stays router-agnostic. */
export type SidebarLinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

export interface SidebarMenuProps {
  items: SidebarMenuItem[];
  title?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  /** Told the new state and the width class that now applies. */
  onOpenChange?: (open: boolean, width: string) => void;
  openWidth?: string;
  closedWidth?: string;
  linkComponent?: SidebarLinkComponent;
  label?: string;
  className?: string;
}

export function SidebarMenu({
  items,
  title,
  open: controlledOpen,
  defaultOpen = true,
  onOpenChange,
  openWidth = 'w-96',
  closedWidth = 'w-6',
  linkComponent,
  label = 'Sidebar',
  className,
}: SidebarMenuProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const navId = useId();
  const open = controlledOpen ?? ownOpen;
  const visible = items.filter((item) => !item.disabled);
  if (items.length === 0) return null;

  function toggle() {
    const next = !open;
    setOwnOpen(next);
    onOpenChange?.(next, next ? openWidth : closedWidth);
  }

  const toggleLabel = open ? 'Close sidebar navigation menu' : 'Open sidebar navigation menu';
  return (
    <aside
      data-slot="sidebar-menu"
      data-state={open ? 'open' : 'closed'}
      aria-label={label}
      className={cn(
        'relative shrink-0 border-border border-r bg-surface',
        open ? openWidth : closedWidth,
        className,
      )}
    >
      <button
        type="button"
        title={toggleLabel}
        aria-label={toggleLabel}
        aria-expanded={open}
        aria-controls={navId}
        onClick={toggle}
        className="absolute top-6 -right-4 z-10 inline-flex size-8 cursor-pointer items-center justify-center rounded-full border border-border bg-surface text-body shadow-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring"
      >
        <span aria-hidden="true">{open ? '‹' : '›'}</span>
      </button>
      <div
        id={navId}
        hidden={!open}
        className="animate-sidebar-in overflow-hidden motion-reduce:animate-none"
      >
        {title ? <div className="px-6 pt-6 font-semibold text-body text-lg">{title}</div> : null}
        <nav aria-label={label} className="px-3 py-4">
          <ul className="flex flex-col gap-1">
            {visible.map((item) => (
              <li key={item.label}>
                <SidebarMenuEntry item={item} linkComponent={linkComponent} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </aside>
  );
}
