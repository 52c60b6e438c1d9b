import { describe, expect, it } from 'vitest';
import { distinctName } from './people';

const maria = { username: 'mgruber', firstName: 'Maria', lastName: 'Gruber' };

describe('distinctName', () => {
  it('adds the username only when someone else in the list has the same name', () => {
    expect(distinctName(maria, [maria, { username: 'tom', firstName: 'Tom', lastName: 'Berger' }])).toBe('Maria Gruber');
    expect(distinctName(maria, [{ username: 'mgruber2', firstName: 'maria', lastName: 'GRUBER' }])).toBe('Maria Gruber (mgruber)');
    expect(distinctName({ username: 'neu', firstName: '', lastName: '' }, [{ username: 'neu2', firstName: '', lastName: '' }])).toBe('neu');
  });
});
