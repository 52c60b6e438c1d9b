/** A person as lists show them: by name, with the username to tell two of the same name apart (people-schema.ts reads it from an answer). */
export interface PersonName {
  username: string;
  firstName: string;
  lastName: string;
}

type Named = { username: string; firstName: string | null; lastName: string | null };

/** A person from a joined account's columns; null when the account is gone (its username null). */
export function personNameOf(username: string | null, firstName: string | null, lastName: string | null): PersonName | null {
  return username === null ? null : { username, firstName: firstName ?? '', lastName: lastName ?? '' };
}

/** 'Mara Berger', or the username when no name is known. */
export function participantName(person: Named): string {
  const name = [person.firstName, person.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? person.username : name;
}

/**
 * The name, and the username in brackets when it tells something: when the person has a name and
 * someone else in the list shares it ('Maria Gruber (mgruber2)').
 */
export function distinctName(person: Named, others: readonly Named[]): string {
  const name = participantName(person);
  if (name === person.username) return name;
  const lowered = name.toLowerCase();
  const shared = others.some((other) => other.username !== person.username && participantName(other).toLowerCase() === lowered);
  return shared ? `${name} (${person.username})` : name;
}
