import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Sidebar, SidebarProvider, SidebarTrigger } from './sidebar';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A phone: every media query of the mobile breakpoint matches. */
function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: true,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('Sidebar on a phone', () => {
  it("is a dialog named 'Navigation' once: by its hidden title, with no description that repeats it", async () => {
    onPhone();
    render(
      <SidebarProvider>
        <SidebarTrigger />
        <Sidebar label="Navigation">
          <a href="/impressum">Impressum</a>
        </Sidebar>
      </SidebarProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Seitenleiste ein- oder ausblenden' }));
    const sheet = await screen.findByRole('dialog', { name: 'Navigation' });
    expect(sheet.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getAllByText('Navigation')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Navigation' })).toBeTruthy();
  });
});
