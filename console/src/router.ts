import { useEffect, useState } from "preact/hooks";

/** A minimal history router: the Worker answers index.html for every console path. */
const listeners = new Set<() => void>();

export function navigate(to: string) {
  if (to === location.pathname + location.search) return;
  history.pushState(null, "", to);
  for (const l of listeners) l();
  window.scrollTo(0, 0);
}

window.addEventListener("popstate", () => {
  for (const l of listeners) l();
});

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  return path;
}

/** Internal links go through the router; modified clicks open a tab as usual. */
export function onLinkClick(e: MouseEvent) {
  const a = (e.target as HTMLElement).closest("a");
  if (!a || a.target || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
  const url = new URL(a.href, location.href);
  if (url.origin !== location.origin || url.pathname.startsWith("/v1/")) return;
  e.preventDefault();
  navigate(url.pathname + url.search);
}
