import type { Migration } from 'kysely';
import * as usersSessions from './2026-11-21T0900-users-sessions';
import * as teamsTokensSettings from './2026-11-21T1200-teams-tokens-settings';
import * as projects from './2026-11-22T0900-projects';
import * as questionnaire from './2026-11-22T1200-questionnaire';
import * as sessionIdleAttempts from './2026-11-22T1800-session-idle-attempts';
import * as projectFiles from './2026-11-23T0900-project-files';
import * as chat from './2026-11-23T1200-chat';
import * as usernameKey from './2026-11-23T1500-username-key';
import * as projectSearch from './2026-11-23T1800-project-search';
import * as listIndexes from './2026-11-25T0900-list-indexes';
import * as newestMessagesIndex from './2026-11-25T1300-newest-messages-index';
import * as searchKeys from './2026-11-25T1310-search-keys';
import * as chatNoticesPerPair from './2026-11-26T1600-chat-notices-per-pair';
import * as questionnaireVersions from './2026-11-26T1700-questionnaire-versions';
import * as mailOutbox from './2026-11-26T1710-mail-outbox';
import * as filePageCount from './2026-11-27T0900-file-page-count';
import * as fileVersions from './2026-11-27T0900-file-versions';
import * as planPins from './2026-11-27T0900-plan-pins';
import * as planNotices from './2026-11-28T0900-plan-notices';
import * as filePreviewPending from './2026-12-06T0900-file-preview-pending';
import * as newestMessagesByTime from './2026-12-06T0900-newest-messages-by-time';
import * as renderedPages from './2026-12-06T1300-rendered-pages';
import * as pinItems from './2026-12-07T0900-pin-items';
import * as pinReplies from './2026-12-07T0900-pin-replies';
import * as itemNotices from './2026-12-07T0930-item-notices';
import * as rememberedDevices from './2026-12-07T1100-remembered-devices';
import * as questionPhotos from './2026-12-07T1500-question-photos';
import * as carriedPins from './2026-12-07T1600-carried-pins';
import * as questionFollowUps from './2026-12-08T0900-question-follow-ups';
import * as itemPhotos from './2026-12-08T1000-item-photos';
import * as openItemsOrder from './2026-12-08T1100-open-items-order';

/**
 * Every migration, keyed by its timestamped name. Listed statically (not read from disk) so the
 * bundled server carries them; Kysely runs them in the order of their names.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0900-users-sessions': usersSessions,
  '2026-11-21T1200-teams-tokens-settings': teamsTokensSettings,
  '2026-11-22T0900-projects': projects,
  '2026-11-22T1200-questionnaire': questionnaire,
  '2026-11-22T1800-session-idle-attempts': sessionIdleAttempts,
  '2026-11-23T0900-project-files': projectFiles,
  '2026-11-23T1200-chat': chat,
  '2026-11-23T1500-username-key': usernameKey,
  '2026-11-23T1800-project-search': projectSearch,
  '2026-11-25T0900-list-indexes': listIndexes,
  '2026-11-25T1300-newest-messages-index': newestMessagesIndex,
  '2026-11-25T1310-search-keys': searchKeys,
  '2026-11-26T1600-chat-notices-per-pair': chatNoticesPerPair,
  '2026-11-26T1700-questionnaire-versions': questionnaireVersions,
  '2026-11-26T1710-mail-outbox': mailOutbox,
  '2026-11-27T0900-file-page-count': filePageCount,
  '2026-11-27T0900-file-versions': fileVersions,
  '2026-11-27T0900-plan-pins': planPins,
  '2026-11-28T0900-plan-notices': planNotices,
  '2026-12-06T0900-file-preview-pending': filePreviewPending,
  '2026-12-06T0900-newest-messages-by-time': newestMessagesByTime,
  '2026-12-06T1300-rendered-pages': renderedPages,
  '2026-12-07T0900-pin-items': pinItems,
  '2026-12-07T0900-pin-replies': pinReplies,
  '2026-12-07T0930-item-notices': itemNotices,
  '2026-12-07T1100-remembered-devices': rememberedDevices,
  '2026-12-07T1500-question-photos': questionPhotos,
  '2026-12-07T1600-carried-pins': carriedPins,
  '2026-12-08T0900-question-follow-ups': questionFollowUps,
  '2026-12-08T1000-item-photos': itemPhotos,
  '2026-12-08T1100-open-items-order': openItemsOrder,
};
