import type { ReactNode } from 'react';

/** A list as a table: visually hidden caption, column headers, rows from the caller. */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
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
