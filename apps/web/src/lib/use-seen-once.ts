import { useEffect, useState } from 'react';

/**
 * Whether the element has come near the viewport at least once: heavy content (an embedded PDF)
 * is mounted only then, so a long file list does not load every document at once. Without
 * IntersectionObserver the element counts as seen.
 */
export function useSeenOnce<T extends Element>(rootMargin = '200px'): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (seen || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, rootMargin]);

  return [setNode, seen];
}
