import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A list as a table: visually hidden caption, column headers, rows from the caller. On phones the rows
 * become cards of label/value pairs (styles.css, `.data-table`): each cell gets its column's name as
 * data-label, so callers keep writing plain <th>/<td> rows.
 */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  const table = useRef<HTMLTableElement>(null);

  // No dependency list: rows come and go with the children, and labelling a handful of cells is cheap.
  useLayoutEffect(() => {
    table.current?.querySelectorAll('tbody > tr').forEach((row) => {
      Array.from(row.children).forEach((cell, index) => {
        const label = columns[index];
        if (label !== undefined && cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      });
    });
  });

  return (
    <div className="overflow-x-auto">
      <table ref={table} className="data-table w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index < columns.length - 1 ? 'py-2 pr-4 font-medium' : 'py-2 font-medium'}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
