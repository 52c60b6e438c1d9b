import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { renderWithProviders, sessionUser } from '../../../test/render';
import { PlanCompare } from './plan-compare';

afterEach(() => cleanup());

const version = (number: number, fields: Partial<ProjectFile> = {}): ProjectFile => ({
  id: 30 + number,
  url: `/api/s3/download/7/${30 + number}?sig`,
  thumbnailUrl: `/api/s3/download/7/${30 + number}/thumbnail?sig`,
  previewPending: false,
  pageCount: 2,
  pagesUrl: `/api/s3/download/7/${30 + number}/pages/1?sig`,
  name: 'Grundriss EG',
  comment: '',
  documentType: 'PDF',
  contentType: 'application/pdf',
  size: 2048,
  originalName: 'grundriss.pdf',
  uploadedBy: 'mara',
  uploadedByName: 'Mara Berger',
  uploadedAt: `2026-03-1${number}T08:30:00.000Z`,
  planId: 31,
  version: number,
  versionCount: 3,
  ...fields,
});

function open(versions: ProjectFile[]) {
  const onClose = vi.fn();
  renderWithProviders(<PlanCompare versions={versions} onClose={onClose} />, { user: sessionUser('mara', ['ARCHI']) });
  return { dialog: screen.getByRole('dialog', { name: 'Versionen vergleichen: „Grundriss EG“' }), onClose };
}

const srcOf = (dialog: HTMLElement, name: string) => within(dialog).getByRole('img', { name }).getAttribute('src') ?? '';

describe("'Versionen vergleichen'", () => {
  it('shows the current version beside the one before it, on page 1, each at the same width', async () => {
    const { dialog } = open([version(3), version(2), version(1)]);
    expect((within(dialog).getByLabelText('Ältere Version') as HTMLSelectElement).value).toBe('32');
    expect((within(dialog).getByLabelText('Neuere Version') as HTMLSelectElement).value).toBe('33');
    const older = srcOf(dialog, 'Version 2, Seite 1');
    const newer = srcOf(dialog, 'Version 3, Seite 1');
    expect(older).toMatch(/^\/api\/s3\/download\/7\/32\/pages\/1\?sig&page=1&width=\d+$/);
    expect(newer.replace('/33/', '/32/')).toBe(older);
    // Another page of both, and the first version instead of the second.
    await userEvent.selectOptions(within(dialog).getByLabelText('Seite'), '2');
    await userEvent.selectOptions(within(dialog).getByLabelText('Ältere Version'), '31');
    expect(srcOf(dialog, 'Version 1, Seite 2')).toContain('/31/pages/1?sig&page=2&');
    expect(srcOf(dialog, 'Version 3, Seite 2')).toContain('/33/pages/1?sig&page=2&');
    // Only older versions are offered as the older one.
    expect(within(within(dialog).getByLabelText('Ältere Version')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Version 2 · 12.03.2026', 'Version 1 · 11.03.2026']);
  });

  it('lays the versions over each other with a labelled slider that fades from the older to the newer', async () => {
    const { dialog } = open([version(2), version(1)]);
    expect(within(dialog).queryByRole('slider')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Überlagert' }));
    expect(within(dialog).getByRole('button', { name: 'Überlagert' }).getAttribute('aria-pressed')).toBe('true');
    const slider = within(dialog).getByRole('slider', { name: 'Überblendung' }) as HTMLInputElement;
    expect(slider.getAttribute('aria-valuetext')).toBe('50 % Version 1, 50 % Version 2');
    const newer = within(dialog).getByRole('img', { name: 'Version 2, Seite 1' });
    expect(newer.style.opacity).toBe('0.5');
    // The keys of a range input are the browser's (the e2e test presses them); here its value changes.
    fireEvent.change(slider, { target: { value: '0' } });
    expect(newer.style.opacity).toBe('0');
    fireEvent.change(slider, { target: { value: '100' } });
    expect(newer.style.opacity).toBe('1');
    expect(slider.getAttribute('aria-valuetext')).toBe('0 % Version 1, 100 % Version 2');
    // Both pages in one cell: the older underneath, the newer over it.
    const overlay = within(dialog).getByTestId('compare-overlay');
    expect([...overlay.querySelectorAll('img')].map((image) => image.alt)).toEqual(['Version 1, Seite 1', 'Version 2, Seite 1']);
  });

  it('compares a photo with a PDF page, and says which version lacks the page chosen', async () => {
    const photo = version(1, { documentType: 'PNG', contentType: 'image/png', pageCount: null, pagesUrl: null, originalName: 'grundriss.png' });
    const { dialog } = open([version(2), photo]);
    expect(srcOf(dialog, 'Version 1, Seite 1')).toBe('/api/s3/download/7/31?sig');
    await userEvent.selectOptions(within(dialog).getByLabelText('Seite'), '2');
    expect(within(dialog).getByText('Version 1 hat keine Seite 2.')).toBeTruthy();
    expect(srcOf(dialog, 'Version 2, Seite 2')).toContain('page=2');
  });

  it('closes with Escape', async () => {
    const { onClose } = open([version(2), version(1)]);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
