/**
 * A chat message typed but not sent stays in sessionStorage per user and chat, so it is back when
 * that chat opens again; sending clears it, logging out clears the user's.
 */
const prefixOf = (username: string) => `chatDraft:${username.toLowerCase()}:`;

export const chatDraftKey = (username: string, chatId: number) => `${prefixOf(username)}${chatId}`;

export function readChatDraft(username: string, chatId: number): string {
  return sessionStorage.getItem(chatDraftKey(username, chatId)) ?? '';
}

/** Keeps the text as the chat's draft; blank text leaves none. */
export function saveChatDraft(username: string, chatId: number, text: string): void {
  const key = chatDraftKey(username, chatId);
  if (text.trim() === '') sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, text);
}

export function removeChatDrafts(username: string): void {
  const prefix = prefixOf(username);
  const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index));
  for (const key of keys) if (key?.startsWith(prefix)) sessionStorage.removeItem(key);
}
