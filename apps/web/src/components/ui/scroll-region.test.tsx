import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useOverflows } from './scroll-region';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A ResizeObserver whose reports the test sends, with the box and content heights it sets. */
function stubSizes() {
  const reports: Array<() => void> = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(report: () => void) {
        reports.push(report);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    resize(element: HTMLElement, box: number, content: number) {
      Object.defineProperty(element, 'clientHeight', { configurable: true, value: box });
      Object.defineProperty(element, 'scrollHeight', { configurable: true, value: content });
      act(() => reports.forEach((report) => report()));
    },
  };
}

function Probe() {
  const body = useOverflows<HTMLDivElement>();
  return (
    <div ref={body.ref} data-testid="body" {...(body.overflows ? { tabIndex: 0, role: 'region', 'aria-label': 'Benutzerinformationen' } : {})}>
      Mara Berger
    </div>
  );
}

describe('useOverflows', () => {
  it('puts a region in the tab order while its content is larger than its box, and takes it out again', () => {
    const sizes = stubSizes();
    render(<Probe />);
    const body = screen.getByTestId('body');
    expect(body.tabIndex).toBe(-1);
    sizes.resize(body, 120, 300);
    expect(screen.getByRole('region', { name: 'Benutzerinformationen' }).tabIndex).toBe(0);
    sizes.resize(body, 320, 300);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
