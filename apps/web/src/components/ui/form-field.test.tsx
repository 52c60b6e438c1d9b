import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RequiredLegend } from './form-field';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

afterEach(cleanup);

describe('FormField (through its text, select and textarea fields)', () => {
  it('names the control by its label alone and marks a required one for assistive technology', () => {
    render(<TextField id="vorname" label="Vorname" required />);
    const input = screen.getByRole('textbox', { name: 'Vorname' });
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('explains the asterisk in one legend and leaves optional fields unmarked', () => {
    render(
      <>
        <RequiredLegend />
        <TextField id="gemeinde" label="Gemeinde" />
      </>,
    );
    expect(screen.getByText('Mit * gekennzeichnete Felder sind Pflichtfelder.')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Gemeinde' });
    expect(input.getAttribute('aria-required')).toBeNull();
    expect(screen.queryByText('*')).toBeNull();
  });

  it('links hint and error to the control and announces the error', () => {
    render(<TextField id="plz" label="Postleitzahl" hint="Vier Ziffern" error="Höchstens 20 Zeichen." describedBy="extra" />);
    const input = screen.getByRole('textbox', { name: 'Postleitzahl' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('plz-hint plz-error extra');
    expect(screen.getByText('Vier Ziffern').id).toBe('plz-hint');
    expect(screen.getByRole('alert').textContent).toBe('Höchstens 20 Zeichen.');
  });

  it('wires selects and textareas the same way', () => {
    render(
      <>
        <SelectField id="team" label="Team" placeholder="Team auswählen" options={['Nord', { value: 's', label: 'Süd' }]} error="Bitte wählen Sie ein Team." />
        <TextAreaField id="beschreibung" label="Beschreibung" hint="Optional" />
      </>,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Team' });
    expect([...select.options].map((option) => [option.value, option.textContent])).toEqual([['', 'Team auswählen'], ['Nord', 'Nord'], ['s', 'Süd']]);
    expect(select.getAttribute('aria-describedby')).toBe('team-error');
    expect(screen.getByRole('textbox', { name: 'Beschreibung' }).getAttribute('aria-describedby')).toBe('beschreibung-hint');
  });
});
