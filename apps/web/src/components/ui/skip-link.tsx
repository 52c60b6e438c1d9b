import type { MouseEvent, ReactNode } from 'react';

/**
 * The first stop of the Tab key: hidden until focused, it moves focus past the navigation to the
 * element with targetId. Focus is moved by hand, so the address gets no '#…' the router would keep.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    // focus() scrolls the target into view as well.
    target.focus();
  };
  return (
    <a
      href={`#${targetId}`}
      onClick={skip}
      className="sr-only rounded-md bg-background px-4 py-2 text-sm font-medium text-foreground shadow-md focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2"
    >
      {children}
    </a>
  );
}
