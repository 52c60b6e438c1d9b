import { clsx, type ClassValue } from 'clsx';

type Merge = (classes: string) => string;

/**
 * How cn resolves conflicting Tailwind classes (a caller's 'p-6' over a component's 'p-4'):
 * tailwind-merge, which the login page need not wait for. Its classes never
 * conflict (login-page-classes.test.tsx checks), so it renders with the classes joined; every lazy
 * page waits for the merge (lib/class-merge.ts, router.tsx) before it renders.
 */
let merge: Merge = (classes) => classes;

export function setClassMerge(next: Merge): void {
  merge = next;
}

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
