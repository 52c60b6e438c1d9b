import { BreakPoints } from './break-points';

/**
 * An e-mail address that may wrap before '@' and '.', not between any two letters. A single part too
 * long for its line still breaks (overflow-wrap: anywhere) rather than overflow, as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  return <BreakPoints parts={email.split(/(?=[@.])/)} className="[overflow-wrap:anywhere]" />;
}
