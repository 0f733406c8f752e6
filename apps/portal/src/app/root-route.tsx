import { useEffect, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { RouteGuard } from './guard/route-guard.tsx';
import { SessionTimeout } from './session-timeout.tsx';

/** Above every page: the spec's router behaviour that does not depend on which page it is. */
export function RootRoute() {
  // Every navigation scrolls to the top (spec §2), a new query string's (a search, a sort, a page of
  // a list, a filter) too; but only a new path moves focus: the same page's controls keep it.
  const { key, pathname } = useLocation();
  const [firstPathname] = useState(pathname);
  const [navigated, setNavigated] = useState(false);
  if (!navigated && pathname !== firstPathname) setNavigated(true);
  // The element, not <Outlet />: the guard keeps showing the allowed page's element while it decides on the next.
  const page = useOutlet();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation has a new key, and each one scrolls to the top (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [key]);

  return (
    <>
      <RouteGuard>
        <FocusMainHeading key={pathname} enabled={navigated} />
        {page}
      </RouteGuard>
      <SessionTimeout />
    </>
  );
}

/**
 * After a navigation inside the portal, moves focus to the new page's main heading so that a
 * screen reader announces it; the first page of a visit keeps the browser's own focus. A page
 * still loading its heading (a client's frame) has focus on its main landmark, not lost on the
 * body, and its heading once it comes, unless the user has moved on.
 */
function FocusMainHeading({ enabled }: { enabled: boolean }) {
  // Keyed by path, so it mounts once per page shown, in the same commit as the page.
  useEffect(() => {
    if (!enabled) return;
    const main = document.querySelector<HTMLElement>('main');
    if (!main) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading) {
      focusWithoutScrolling(heading);
      return;
    }
    focusWithoutScrolling(main);
    const observer = new MutationObserver(() => {
      const arrived = main.querySelector<HTMLElement>('h1');
      if (!arrived) return;
      observer.disconnect();
      if (document.activeElement === main) focusWithoutScrolling(arrived);
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [enabled]);

  return null;
}

function focusWithoutScrolling(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}
