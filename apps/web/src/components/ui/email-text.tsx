import { Fragment } from 'react';

/**
 * An e-mail address that may wrap before '@' and '.', not between any two letters. A single part too
 * long for its line still breaks (overflow-wrap: anywhere) rather than overflow, as a last resort.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className="[overflow-wrap:anywhere]">
      {parts.map((part, index) => (
        // The parts of one address never reorder: the index is a stable key.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
