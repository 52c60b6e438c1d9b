import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook } from '@testing-library/react';
import { useDocumentTitle } from './use-document-title';

afterEach(() => {
  cleanup();
  document.title = '';
});

describe('useDocumentTitle', () => {
  it("names the tab '{page} – Bauakte'", () => {
    renderHook(() => useDocumentTitle('Dashboard'));
    expect(document.title).toBe('Dashboard – Bauakte');
  });

  it('follows a changed page name', () => {
    const { rerender } = renderHook(({ page }) => useDocumentTitle(page), { initialProps: { page: 'Fragebogen: Fenster' } });
    expect(document.title).toBe('Fragebogen: Fenster – Bauakte');
    rerender({ page: 'Fragebogen: Heizung' });
    expect(document.title).toBe('Fragebogen: Heizung – Bauakte');
  });
});
