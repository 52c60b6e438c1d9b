import { describe, expect, it } from 'vitest';
import { chatMessageTextSchema, createChatRequestSchema, sendMessageRequestSchema } from './chat';
import { participantName } from './people';

const issueOf = (value: unknown) => chatMessageTextSchema.safeParse(value).error?.issues[0]?.message;

describe('chat messages', () => {
  it('takes 1 to 10,000 characters after trimming and keeps the text as written', () => {
    expect(chatMessageTextSchema.parse('  Hallo,\nwie geht es?\t')).toBe('  Hallo,\nwie geht es?\t');
    expect(issueOf('   \n ')).toBe('Bitte geben Sie eine Nachricht ein.');
    expect(issueOf(`${'x'.repeat(10_000)}   `)).toBeUndefined();
    expect(issueOf('x'.repeat(10_001))).toBe('Die Nachricht darf höchstens 10.000 Zeichen lang sein.');
    expect(issueOf('a\u0000b')).toBe('Der Text enthält unzulässige Zeichen (z. B. Steuerzeichen).');
  });

  it('reads the spec\'s send body, a chat id also as text, and refuses unknown fields', () => {
    const body = { message: 'Hallo', senderUsername: 'mara', receiverUsername: 'kunde', chatId: '12', isRead: false };
    expect(sendMessageRequestSchema.parse(body).chatId).toBe(12);
    expect(sendMessageRequestSchema.safeParse({ ...body, chatId: '012' }).success).toBe(false);
    expect(sendMessageRequestSchema.safeParse({ ...body, extra: 1 }).success).toBe(false);
    expect(createChatRequestSchema.safeParse({ message: 'Hallo', senderUsername: 'mara', receiverUsername: '' }).success).toBe(false);
  });

  it('names a participant by name, or by username without one', () => {
    expect(participantName({ username: 'mara', firstName: 'Mara', lastName: 'Berger' })).toBe('Mara Berger');
    expect(participantName({ username: 'mara', firstName: null, lastName: ' ' })).toBe('mara');
  });
});
