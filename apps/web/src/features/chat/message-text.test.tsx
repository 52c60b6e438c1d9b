import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MessageText, messageParts } from './message-text';

afterEach(cleanup);

const linksIn = (text: string) => {
  cleanup();
  const { container } = render(<p>{<MessageText text={text} />}</p>);
  return { container, links: screen.queryAllByRole('link') };
};

describe('MessageText', () => {
  it('makes an http(s) address a link that opens in a new tab, safely, and keeps the text around it', () => {
    const { container, links } = linksIn('Der Plan liegt auf https://example.at/plaene?id=7 – bitte ansehen');
    expect(links).toHaveLength(1);
    const [link] = links;
    expect(link?.getAttribute('href')).toBe('https://example.at/plaene?id=7');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toBe('https://example.at/plaene?id=7 (öffnet in neuem Tab)');
    expect(container.textContent).toBe('Der Plan liegt auf https://example.at/plaene?id=7 (öffnet in neuem Tab) – bitte ansehen');
  });

  it('leaves the punctuation that ends the sentence outside the link, but keeps brackets the address opened', () => {
    const hrefs = (text: string) => linksIn(text).links.map((link) => link.getAttribute('href'));
    expect(hrefs('Siehe http://example.at/plan.')).toEqual(['http://example.at/plan']);
    expect(hrefs('Beide: https://a.example.at, https://b.example.at!')).toEqual(['https://a.example.at', 'https://b.example.at']);
    expect(hrefs('(siehe https://example.at/faq)')).toEqual(['https://example.at/faq']);
    expect(hrefs('„https://example.at/x“?')).toEqual(['https://example.at/x']);
    expect(hrefs('https://de.wikipedia.org/wiki/Haus_(Gebäude).')).toEqual(['https://de.wikipedia.org/wiki/Haus_(Gebäude)']);
  });

  it('links nothing but http and https, and reads no HTML', () => {
    const { container, links } = linksIn('javascript:alert(1) ftp://example.at www.example.at <a href="https://böse.example">hier</a> <img src=x onerror=alert(1)> https://');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://böse.example']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('joins its parts to the text again', () => {
    const text = 'Zeile 1: https://example.at/a.\nZeile 2: (http://example.at/b) und https:// nichts';
    expect(messageParts(text).map((part) => part.text).join('')).toBe(text);
  });
});
