import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from './button';

afterEach(cleanup);

describe('Button', () => {
  it('is disabled, marked busy and shows a spinner while work is under way', () => {
    const { container } = render(<Button busy>Speichern</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('svg.animate-spin')).not.toBeNull();
  });

  it('is an ordinary enabled button otherwise', () => {
    const { container } = render(<Button>Speichern</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' });
    expect(button.disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('svg')).toBeNull();
  });
});
