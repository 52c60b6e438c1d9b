import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DataTable } from './data-table';
import { EmailText } from './email-text';

afterEach(cleanup);

function Users({ emails }: { emails: string[] }) {
  return (
    <DataTable caption="Alle Benutzer" columns={['Benutzername', 'E-Mail', 'Aktionen']}>
      {emails.map((email) => (
        <tr key={email}>
          <th scope="row">{email.split('@')[0]}</th>
          <td>
            <EmailText email={email} />
          </td>
          <td />
        </tr>
      ))}
    </DataTable>
  );
}

describe('DataTable', () => {
  it('names every cell with its column, which the phone layout shows as the card label', () => {
    render(<Users emails={['anna@example.at']} />);
    const row = screen.getAllByRole('row')[1];
    const cells = Array.from(row?.children ?? []).map((cell) => cell.getAttribute('data-label'));
    expect(cells).toEqual(['Benutzername', 'E-Mail', 'Aktionen']);
    expect(screen.getByRole('table').classList.contains('data-table')).toBe(true);
  });

  it('labels rows that arrive later too', () => {
    const { rerender } = render(<Users emails={['anna@example.at']} />);
    rerender(<Users emails={['anna@example.at', 'bernd@example.at']} />);
    const labels = screen.getAllByRole('row').slice(1).map((row) => row.children[1]?.getAttribute('data-label'));
    expect(labels).toEqual(['E-Mail', 'E-Mail']);
  });
});

describe('EmailText', () => {
  it('keeps the address whole for reading and offers line breaks only before @ and dots', () => {
    render(<EmailText email="anna.maria.mustermann@architektur-buero.example.at" />);
    const text = screen.getByText('anna.maria.mustermann@architektur-buero.example.at');
    expect(text.querySelectorAll('wbr')).toHaveLength(5);
    expect(text.innerHTML).toBe('anna<wbr>.maria<wbr>.mustermann<wbr>@architektur-buero<wbr>.example<wbr>.at');
  });
});
