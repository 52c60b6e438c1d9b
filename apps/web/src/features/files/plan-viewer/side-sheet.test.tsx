import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SideSheet, sheetAfterDrag, type SheetMode } from './side-sheet';

afterEach(() => cleanup());

function sheet(mode?: SheetMode) {
  const view = render(
    <SideSheet label="3 Markierungen" mode={mode}>
      <p>Riss links vom Fenster</p>
    </SideSheet>,
  );
  const handle = screen.getByRole('button', { name: '3 Markierungen' });
  const content = screen.getByText('Riss links vom Fenster').parentElement!;
  return { handle, content, rerender: (next?: SheetMode) => view.rerender(<SideSheet label="3 Markierungen" mode={next}><p>Riss links vom Fenster</p></SideSheet>) };
}

/** On a phone the content of a closed sheet is display:none (a media query jsdom does not apply; the class says it). */
const closedOnPhone = (content: HTMLElement) => content.className.includes('max-[641px]:hidden');

describe("the viewer's side panel as a phone's bottom sheet", () => {
  it('starts closed, showing its handle, and opens and closes by a tap or the keyboard, saying so with aria-expanded', async () => {
    const { handle, content } = sheet();
    expect(handle.getAttribute('aria-expanded')).toBe('false');
    expect(handle.getAttribute('aria-controls')).toBe(content.id);
    expect(closedOnPhone(content)).toBe(true);
    await userEvent.click(handle);
    expect(handle.getAttribute('aria-expanded')).toBe('true');
    expect(closedOnPhone(content)).toBe(false);
    handle.focus();
    await userEvent.keyboard('{Enter}');
    expect(handle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard(' ');
    expect(handle.getAttribute('aria-expanded')).toBe('true');
  });

  it('opens when its handle is dragged up and closes when dragged down; a short drag is a tap', () => {
    const { handle } = sheet();
    const drag = (from: number, to: number) => {
      fireEvent.pointerDown(handle, { clientY: from });
      fireEvent.pointerUp(handle, { clientY: to });
      fireEvent.click(handle);
    };
    drag(600, 400);
    expect(handle.getAttribute('aria-expanded')).toBe('true');
    drag(400, 650);
    expect(handle.getAttribute('aria-expanded')).toBe('false');
    drag(600, 595);
    expect(handle.getAttribute('aria-expanded')).toBe('true');
    expect([sheetAfterDrag(500, 470), sheetAfterDrag(500, 530), sheetAfterDrag(500, 490)]).toEqual([true, false, null]);
  });

  it("lies over the plan (no room taken from it) and follows its content's wish: a peek while a spot is chosen, open for a form", () => {
    const { handle, content, rerender } = sheet();
    const aside = handle.closest('aside')!;
    expect(aside.className).toContain('max-[641px]:absolute');
    rerender('peek');
    expect(aside.getAttribute('data-side-sheet')).toBe('peek');
    expect(closedOnPhone(content)).toBe(false);
    rerender('open');
    expect(handle.getAttribute('aria-expanded')).toBe('true');
    // Done with the form: back as the user left it, closed.
    rerender(undefined);
    expect(handle.getAttribute('aria-expanded')).toBe('false');
  });
});
