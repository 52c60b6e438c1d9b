/**
 * Lists that grow with the installation are served a page at a time, in the shapes the spec names
 * (plain arrays): `?page=&limit=` for lists in a fixed order, and for a chat's messages the newest
 * ones with `?before=<id>` for earlier ones. Without parameters the first page comes, never more.
 */
export const listPageDefaultLimit = 100;
export const listPageMaxLimit = 200;
/**
 * Messages a chat shows at first and per 'Ältere Nachrichten laden': a screenful. The chat list
 * carries them for every chat of its page (an architect has many), so more would make the list heavy.
 */
export const chatMessagesPageSize = 20;
