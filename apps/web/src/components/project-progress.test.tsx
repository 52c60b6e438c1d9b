import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ProjectProgress, progressPercent } from './project-progress';

afterEach(cleanup);

describe('ProjectProgress', () => {
  it("is a progressbar labelled 'Fortschritt:' with maximum 100 and the value", () => {
    render(<ProjectProgress value={40} statusLabel="In Bearbeitung" />);
    const bar = screen.getByRole('progressbar', { name: 'Fortschritt:' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('data-state')).toBe('loading');
    expect(screen.getByText('40 % – In Bearbeitung')).toBeTruthy();
  });

  it('is complete when the value reaches the maximum', () => {
    render(<ProjectProgress value={100} statusLabel="Vollständig" />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('data-state')).toBe('complete');
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
  });

  it('is indeterminate without a value: no aria-valuenow', () => {
    render(<ProjectProgress value={null} />);
    const bar = screen.getByRole('progressbar');
    expect(bar.getAttribute('data-state')).toBe('indeterminate');
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);
  });

  it('rounds and bounds what the server sends', () => {
    expect(progressPercent(33.4)).toBe(33);
    expect(progressPercent(120)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(Number.NaN)).toBeNull();
  });
});
