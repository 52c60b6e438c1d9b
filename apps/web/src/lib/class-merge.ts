import { twMerge } from 'tailwind-merge';
import { setClassMerge } from './cn';

/** Lets cn resolve conflicting classes; router.tsx calls this before a lazy page renders. */
export function enableClassMerge(): void {
  setClassMerge(twMerge);
}
