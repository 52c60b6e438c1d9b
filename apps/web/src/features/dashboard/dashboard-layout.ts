import type { LayoutItem as SavedLayoutItem } from '@bauakte/domain/schemas';
import { cloneLayout, moveElement, verticalCompactor } from 'react-grid-layout/core';

/** Spec section 9: the dashboard grid has 4 columns of rows 100 px high. */
export const gridColumns = 4;
export const gridRowHeight = 100;

/** One card's place, exactly what the server stores (i, x, y, w, h). */
export type CardPlace = SavedLayoutItem;
export type CardLayout = readonly CardPlace[];

export type CardMove = 'left' | 'right' | 'up' | 'down';

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(Math.round(value), min), max);

/** Only the five stored fields: the grid adds its own (moved, static, …) that the server refuses. */
export function toPlace({ i, x, y, w, h }: CardPlace): CardPlace {
  return { i, x, y, w, h };
}

/** The saved place of a known card, kept inside the grid. */
function keptInGrid(stored: CardPlace): CardPlace {
  const w = clamp(stored.w, 1, gridColumns);
  return { i: stored.i, w, x: clamp(stored.x, 0, gridColumns - w), y: clamp(stored.y, 0, 1000), h: clamp(stored.h, 1, 100) };
}

/**
 * The layout to show: the saved places of the known cards (kept inside the grid), and for every
 * card the saved layout lacks (a card added since) its default place, moved below the saved cards
 * so it covers none of them. Without a saved layout, the defaults.
 */
export function restoreLayout(saved: CardLayout | undefined, defaults: CardLayout): CardPlace[] {
  const kept = new Map((saved ?? []).flatMap((stored) => (defaults.some((card) => card.i === stored.i) ? [[stored.i, keptInGrid(stored)] as const] : [])));
  const missing = defaults.filter((card) => !kept.has(card.i));
  const bottom = Math.max(0, ...[...kept.values()].map((place) => place.y + place.h));
  const top = Math.min(...missing.map((card) => card.y));
  return defaults.map((fallback) => kept.get(fallback.i) ?? { ...toPlace(fallback), y: kept.size === 0 ? fallback.y : bottom + fallback.y - top });
}

/** Card ids are plain ASCII names: compared by code unit, as localeCompare would load the locale's collation at start. */
function byId(a: CardPlace, b: CardPlace): number {
  return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
}

export function sameLayout(a: CardLayout, b: CardLayout): boolean {
  if (a.length !== b.length) return false;
  const left = [...a].sort(byId);
  const right = [...b].sort(byId);
  return left.every((item, index) => {
    const other = right[index];
    return other !== undefined && item.i === other.i && item.x === other.x && item.y === other.y && item.w === other.w && item.h === other.h;
  });
}

/** Reading order (row by row, left to right): the order of the cards in the page, for keyboard and screen readers. */
export function inReadingOrder(layout: CardLayout): CardPlace[] {
  return [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
}

const overlapsColumns = (a: CardPlace, b: CardPlace) => a.x < b.x + b.w && b.x < a.x + a.w;

/**
 * The keyboard's way to move a card: one column sideways, or past the neighbouring card above or
 * below (cards float upwards, so a one-row step would fall straight back). Answers the same layout
 * when the card cannot move that way.
 */
export function moveCard(layout: CardLayout, id: string, direction: CardMove): CardPlace[] {
  const items = cloneLayout(layout);
  const item = items.find((each) => each.i === id);
  if (!item) return layout.map(toPlace);
  let x = item.x;
  let y = item.y;
  if (direction === 'left') x = Math.max(0, item.x - 1);
  if (direction === 'right') x = Math.min(gridColumns - item.w, item.x + 1);
  if (direction === 'up') {
    const above = items.filter((other) => other !== item && overlapsColumns(other, item) && other.y < item.y).sort((a, b) => b.y - a.y)[0];
    if (above) y = above.y;
  }
  if (direction === 'down') {
    const below = items.filter((other) => other !== item && overlapsColumns(other, item) && other.y > item.y).sort((a, b) => a.y - b.y)[0];
    if (below) y = Math.max(below.y + below.h - item.h, below.y);
  }
  if (x === item.x && y === item.y) return layout.map(toPlace);
  const moved = moveElement(items, item, x, y, true, false, 'vertical', gridColumns, false);
  return verticalCompactor.compact(moved, gridColumns).map(toPlace);
}

/** 1-based column and row, as a sighted user would count them. */
export function positionOf(layout: CardLayout, id: string): { column: number; row: number } | null {
  const item = layout.find((each) => each.i === id);
  if (!item) return null;
  const rowStarts = [...new Set(layout.map((each) => each.y))].sort((a, b) => a - b);
  return { column: item.x + 1, row: rowStarts.indexOf(item.y) + 1 };
}
