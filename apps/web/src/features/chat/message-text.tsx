import { Fragment } from 'react';
import { de } from '../../i18n/de';

export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };

/** A web address as people write it in a message: http or https, up to the next blank or angle bracket. */
const webAddress = /https?:\/\/[^\s<>]+/giu;

/** Punctuation that ends the sentence rather than the address: 'siehe https://example.at/plan.' */
const closingPunctuation = /[.,;:!?'"«»“”„‚‘’…]$/u;

/** Closing brackets belong to the address only when it opened them too (Wikipedia's 'Haus_(Gebäude)'). */
const bracketPairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}

/** The address without what follows it in the sentence. */
function trimAddress(candidate: string): string {
  let address = candidate;
  for (;;) {
    const last = address.at(-1) ?? '';
    const opening = bracketPairs[last];
    if (closingPunctuation.test(address) || (opening !== undefined && count(address, last) > count(address, opening))) {
      address = address.slice(0, -1);
      continue;
    }
    return address;
  }
}

/** A link only to an address the browser reads as http(s) with a host; anything else stays text. */
function isWebAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A message's text cut into plain text and its http(s) addresses, in order; joined they are the text again. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let taken = 0;
  for (const match of text.matchAll(webAddress)) {
    const address = trimAddress(match[0]);
    if (!isWebAddress(address)) continue;
    if (match.index > taken) parts.push({ kind: 'text', text: text.slice(taken, match.index) });
    parts.push({ kind: 'link', href: address, text: address });
    taken = match.index + address.length;
  }
  if (taken < text.length) parts.push({ kind: 'text', text: text.slice(taken) });
  return parts;
}

/**
 * A chat message as text with its web addresses as links, which open in a new tab without giving
 * that page a hold on this one (noopener) or telling it where the visitor came from (noreferrer).
 * Text nodes and <a> elements only: a message is never read as HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, index) =>
        // The parts of one text keep their order: the index names each one for as long as the text stays.
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-sm underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            {part.text}
            <span className="sr-only"> {de.chat.linkOpensNewTab}</span>
          </a>
        ),
      )}
    </>
  );
}
