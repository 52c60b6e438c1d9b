import { describe, expect, it } from 'vitest';
import { inReadingOrder, moveCard, positionOf, restoreLayout, sameLayout, type CardPlace } from './dashboard-layout';

const defaults: CardPlace[] = [
  { i: 'news', x: 0, y: 0, w: 2, h: 4 },
  { i: 'messages', x: 2, y: 0, w: 2, h: 4 },
  { i: 'user', x: 0, y: 4, w: 2, h: 2 },
];

const at = (layout: CardPlace[], id: string) => layout.find((item) => item.i === id);

describe('restoreLayout', () => {
  it('takes the saved places of known cards, and the default places of the others moved below them', () => {
    const restored = restoreLayout([{ i: 'user', x: 2, y: 0, w: 2, h: 2 }, { i: 'old-card', x: 0, y: 0, w: 1, h: 1 }], defaults);
    expect(restored).toEqual([
      { i: 'news', x: 0, y: 2, w: 2, h: 4 },
      { i: 'messages', x: 2, y: 2, w: 2, h: 4 },
      { i: 'user', x: 2, y: 0, w: 2, h: 2 },
    ]);
  });

  it('shows a card added since the layout was saved below the saved cards, covering none', () => {
    const saved: CardPlace[] = [
      { i: 'news', x: 2, y: 0, w: 2, h: 3 },
      { i: 'messages', x: 0, y: 0, w: 2, h: 7 },
      { i: 'user', x: 2, y: 3, w: 2, h: 2 },
    ];
    const withNewCard = [...defaults, { i: 'allProjects', x: 0, y: 6, w: 4, h: 6 }];
    const restored = restoreLayout(saved, withNewCard);
    expect(restored.slice(0, 3)).toEqual(saved);
    expect(at(restored, 'allProjects')).toEqual({ i: 'allProjects', x: 0, y: 7, w: 4, h: 6 });
  });

  it('keeps a saved card inside the four columns', () => {
    expect(at(restoreLayout([{ i: 'news', x: 3, y: 0, w: 2, h: 4 }], defaults), 'news')).toEqual({ i: 'news', x: 2, y: 0, w: 2, h: 4 });
  });

  it('uses the defaults when nothing was saved', () => {
    expect(restoreLayout([], defaults)).toEqual(defaults);
    expect(restoreLayout(undefined, defaults)).toEqual(defaults);
  });
});

describe('sameLayout', () => {
  it('ignores the order of the cards and extra grid fields', () => {
    const reordered = [defaults[2], defaults[0], { ...defaults[1], moved: false }] as CardPlace[];
    expect(sameLayout(defaults, reordered)).toBe(true);
    expect(sameLayout(defaults, [defaults[0]!, defaults[1]!, { ...defaults[2]!, x: 1 }])).toBe(false);
  });
});

describe('moveCard', () => {
  it('moves one column sideways, pushing a card in the way down', () => {
    const moved = moveCard(defaults, 'news', 'right');
    expect(at(moved, 'news')).toMatchObject({ x: 1, y: 0 });
    expect(at(moved, 'messages')?.y).toBeGreaterThanOrEqual(4);
  });

  it('moves past the card above or below instead of falling back into place', () => {
    const up = moveCard(defaults, 'user', 'up');
    expect(at(up, 'user')).toMatchObject({ x: 0, y: 0 });
    expect(at(up, 'news')).toMatchObject({ x: 0, y: 2 });

    const down = moveCard(defaults, 'news', 'down');
    expect(at(down, 'user')).toMatchObject({ x: 0, y: 0 });
    expect(at(down, 'news')).toMatchObject({ x: 0, y: 2 });
  });

  it('answers the same places where the card cannot move', () => {
    expect(sameLayout(moveCard(defaults, 'news', 'up'), defaults)).toBe(true);
    expect(sameLayout(moveCard(defaults, 'news', 'left'), defaults)).toBe(true);
    expect(sameLayout(moveCard(defaults, 'messages', 'right'), defaults)).toBe(true);
  });

  it('swaps full-width cards stacked in one column', () => {
    const stacked: CardPlace[] = [
      { i: 'news', x: 0, y: 0, w: 4, h: 4 },
      { i: 'messages', x: 0, y: 4, w: 4, h: 4 },
      { i: 'user', x: 0, y: 8, w: 4, h: 2 },
    ];
    expect(inReadingOrder(moveCard(stacked, 'messages', 'down')).map((item) => item.i)).toEqual(['news', 'user', 'messages']);
    expect(inReadingOrder(moveCard(stacked, 'messages', 'up')).map((item) => item.i)).toEqual(['messages', 'news', 'user']);
  });
});

describe('inReadingOrder and positionOf', () => {
  it('reads row by row, left to right, and counts from one', () => {
    expect(inReadingOrder([defaults[2]!, defaults[1]!, defaults[0]!]).map((item) => item.i)).toEqual(['news', 'messages', 'user']);
    expect(positionOf(defaults, 'messages')).toEqual({ column: 3, row: 1 });
    expect(positionOf(defaults, 'user')).toEqual({ column: 1, row: 2 });
    expect(positionOf(defaults, 'missing')).toBeNull();
  });
});
