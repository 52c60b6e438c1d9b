import { Fragment } from 'react';

/** Text in parts with a line-break opportunity (`<wbr>`) between them and nowhere else the browser would not choose. */
export function BreakPoints({ parts, className }: { parts: string[]; className?: string }) {
  return (
    <span className={className}>
      {parts.map((part, index) => (
        // The parts of one text never reorder: the index is a stable key.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
