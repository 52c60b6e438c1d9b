import { distinctName, participantName, type PersonName } from '@bauakte/domain/labels';

interface PersonNameTextProps {
  person: PersonName;
  /** Everyone else the same list names: a shared name gets the username in brackets. */
  among?: readonly PersonName[];
}

/** A person by name ('Maria Gruber'); the username shows on hover, or in brackets where two share a name. */
export function PersonNameText({ person, among = [] }: PersonNameTextProps) {
  const name = distinctName(person, among);
  const showsUsername = name === person.username || name !== participantName(person);
  return <span title={showsUsername ? undefined : person.username}>{name}</span>;
}
