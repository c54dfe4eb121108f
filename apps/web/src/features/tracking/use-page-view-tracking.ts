import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Runs `task` once the browser is idle (or soon, where it cannot tell), so the page paints first. */
function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else window.setTimeout(task, 300);
}

/**
 * Records a page view for the first page and for every route change after it (docs/PRODUCT.md §3),
 * silently. The recorder and its user-agent parser load after the page is idle, in their own
 * chunk, so they never delay the first paint. The referrer is the document's for the first page
 * and the previous page of the site after that.
 */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    // Also keeps React's development double-run of effects from counting one page twice.
    if (previous.current === pathname) return;
    const referrer = previous.current === null ? document.referrer : `${window.location.origin}${previous.current}`;
    previous.current = pathname;
    whenIdle(() => {
      import('./api/send-page-view')
        .then((m) => m.trackPageView(pathname, referrer))
        .catch((error: unknown) => console.warn('Page view not recorded:', error));
    });
  }, [pathname]);
}
