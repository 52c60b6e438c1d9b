import { describe, expect, it } from 'vitest';
import { isUsernameInput, usernameMaxLength } from '@bauakte/domain';
import { usernameRulesText } from './username-rules-text';

describe('usernameRulesText', () => {
  it("states the domain's length limit and says whether umlauts count, as the rule itself decides", () => {
    const text = usernameRulesText();
    expect(text).toContain(`höchstens ${usernameMaxLength} Zeichen`);
    expect(text.includes('ohne Umlaute')).toBe(!isUsernameInput('ä'));
  });
});
