import type { SidebarLinkComponent, SidebarMenuItem } from './sidebar-menu.tsx';

const entryClass =
  'flex w-full cursor-pointer items-center rounded-lg px-3 py-2 text-left font-medium text-body text-sm outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring';

export interface SidebarMenuEntryProps {
  item: SidebarMenuItem;
  linkComponent?: SidebarLinkComponent | undefined;
}

/** One item: an internal link, a plain or external link, or a button. */
export function SidebarMenuEntry({ item, linkComponent: Link }: SidebarMenuEntryProps) {
  if (item.to && Link) {
    return (
      <Link to={item.to} className={entryClass}>
        {item.label}
      </Link>
    );
  }
  const href = item.href ?? item.to;
  if (href) {
    return (
      <a
        href={href}
        onClick={item.onClick}
        className={entryClass}
        {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {item.label}
        {item.external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    );
  }
  return (
    <button type="button" onClick={item.onClick} className={entryClass}>
      {item.label}
    </button>
  );
}
