import { describe, expect, it } from 'vitest';
import { serverMessages } from './server-messages';

describe('server messages', () => {
  it("names the team once, whether or not its name starts with 'Team'", () => {
    expect(serverMessages.memberAdded('mara', 'Graz')).toBe('mara wurde zum Team Graz hinzugefügt.');
    expect(serverMessages.memberAdded('mara', 'Team Graz')).toBe('mara wurde zu Team Graz hinzugefügt.');
    expect(serverMessages.memberAdded('mara', 'team nord')).toBe('mara wurde zu team nord hinzugefügt.');
    expect(serverMessages.memberAdded('mara', 'Teamwork GmbH')).toBe('mara wurde zum Team Teamwork GmbH hinzugefügt.');
  });
});
