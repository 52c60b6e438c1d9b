/**
 * The bench's users upload, export, write and search far faster than people do: the per-user
 * budgets are still counted (their cost is part of each call), just never used up.
 */
export const unspentBudgets = {
  RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000',
  RATE_LIMIT_EXPORTS_PER_MINUTE: '1000000',
  RATE_LIMIT_CHAT_MESSAGES_PER_MINUTE: '1000000',
  RATE_LIMIT_SEARCHES_PER_MINUTE: '1000000',
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '1000000',
};
