import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { lazyComponent } from './lazy-component';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  return <p>Grüß Gott, {name}</p>;
}

/** Renders the component under a boundary whose fallback notes each time it is shown. */
function renderUnderBoundary(Component: ComponentType<{ name: string }>) {
  const fallbacks = vi.fn();
  const Fallback = () => {
    fallbacks();
    return <p>Wird geladen …</p>;
  };
  render(
    <Suspense fallback={<Fallback />}>
      <Component name="Mara" />
    </Suspense>,
  );
  return fallbacks;
}

describe('a component whose code loads on demand', () => {
  it('renders at once, without its fallback, once its code was fetched in advance', async () => {
    const greeting = lazyComponent(async () => Greeting);
    await greeting.preload();
    const fallbacks = renderUnderBoundary(greeting.Component);
    expect(screen.getByText('Grüß Gott, Mara')).toBeTruthy();
    expect(fallbacks).not.toHaveBeenCalled();
  });

  it('shows the fallback while its code is on its way, then the component', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const greeting = lazyComponent(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const fallbacks = renderUnderBoundary(greeting.Component);
    expect(screen.getByText('Wird geladen …')).toBeTruthy();
    arrive(Greeting);
    expect(await screen.findByText('Grüß Gott, Mara')).toBeTruthy();
    expect(fallbacks).toHaveBeenCalled();
  });

  it('asks for code that failed to arrive again, instead of failing for good', async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Greeting);
    const greeting = lazyComponent(load);
    await expect(greeting.preload()).rejects.toThrow('Failed to fetch');
    await greeting.preload();
    expect(load).toHaveBeenCalledTimes(2);
    renderUnderBoundary(greeting.Component);
    expect(screen.getByText('Grüß Gott, Mara')).toBeTruthy();
  });
});
