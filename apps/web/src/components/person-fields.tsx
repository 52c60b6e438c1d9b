import { usernameRulesText } from '@bauakte/domain/labels';
import { TextField } from './ui/text-field';
import type { FieldBinding } from './ui/form-field';

type PersonField = 'username' | 'firstName' | 'lastName' | 'email';

interface PersonFieldsProps {
  /** The fields' ids are this prefix with '-username', '-first-name', '-last-name' and '-email'. */
  idPrefix: string;
  labels: Record<PersonField, string>;
  field(name: PersonField): FieldBinding;
  /** Whether first and last name must be given (a customer's), or may stay empty (an architect's). */
  nameRequired: boolean;
}

/** Username, first and last name and e-mail of a person someone else invites (architect, customer). */
export function PersonFields({ idPrefix, labels, field, nameRequired }: PersonFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-username`}
        label={labels.username}
        required
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        hint={usernameRulesText}
        {...field('username')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${idPrefix}-first-name`} label={labels.firstName} required={nameRequired} autoComplete="off" {...field('firstName')} />
        <TextField id={`${idPrefix}-last-name`} label={labels.lastName} required={nameRequired} autoComplete="off" {...field('lastName')} />
      </div>
      <TextField id={`${idPrefix}-email`} label={labels.email} type="email" required autoComplete="off" {...field('email')} />
    </>
  );
}
