import { useEffect, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { RouteGuard } from './guard/route-guard.tsx';
import { SessionTimeout } from './session-timeout.tsx';

/** Above every page: the spec's router behaviour that does not depend on which page it is. */
export function RootRoute() {
  const { key } = useLocation();
  const firstKey = useRef(key);
  // The element, not <Outlet />: the guard keeps showing the allowed page's element while it decides on the next.
  const page = useOutlet();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation has a new key, and each one scrolls to the top (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  return (
    <>
      <RouteGuard>
        <FocusMainHeading key={key} enabled={key !== firstKey.current} />
        {page}
      </RouteGuard>
      <SessionTimeout />
    </>
  );
}

/**
 * After a navigation inside the portal, moves focus to the new page's main heading so that a
 * screen reader announces it; the first page of a visit keeps the browser's own focus.
 */
function FocusMainHeading({ enabled }: { enabled: boolean }) {
  // Keyed by location, so it mounts once per page shown, in the same commit as the page's heading.
  useEffect(() => {
    if (!enabled) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [enabled]);

  return null;
}
