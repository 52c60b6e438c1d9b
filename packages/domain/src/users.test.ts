import { describe, expect, it } from 'vitest';
import { displayName, distinctName } from './users';

const maria = { username: 'mgruber', firstName: 'Maria', lastName: 'Gruber' };

describe('displayName and distinctName', () => {
  it('names a person by first and last name, or by username before they gave a name', () => {
    expect(displayName(maria)).toBe('Maria Gruber');
    expect(displayName({ username: 'neukunde', firstName: ' ', lastName: '' })).toBe('neukunde');
    expect(displayName({ username: 'x', firstName: '', lastName: 'Huber' })).toBe('Huber');
  });

  it('adds the username only when someone else in the list has the same name', () => {
    expect(distinctName(maria, [maria, { username: 'tom', firstName: 'Tom', lastName: 'Berger' }])).toBe('Maria Gruber');
    expect(distinctName(maria, [{ username: 'mgruber2', firstName: 'maria', lastName: 'GRUBER' }])).toBe('Maria Gruber (mgruber)');
    expect(distinctName({ username: 'neu', firstName: '', lastName: '' }, [{ username: 'neu2', firstName: '', lastName: '' }])).toBe('neu');
  });
});
