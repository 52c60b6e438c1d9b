import { de } from '../i18n/de';
import type { ErrorContext } from './api-errors';

/**
 * The texts of spec section 8, per case; a feature passes its context to errorText. The login's is
 * loginErrorContext (api-errors.ts), which loads with the first route.
 */
export const errorContexts = {
  register: { failed: de.register.failed, network: de.register.serverError, reason: 'instead' },
  forgotPassword: { failed: de.forgotPassword.failed, network: de.forgotPassword.networkError, reason: 'instead' },
  resetPassword: { failed: de.resetPassword.failed, network: de.resetPassword.serverError, reason: 'instead' },
  createArchitect: { failed: de.admin.createUser.failed, network: de.admin.networkError, reason: 'instead' },
  addMember: { failed: de.admin.addMember.failed, network: de.admin.networkError, reason: 'instead' },
  // A failed deletion in the admin area, the customers' list and the project's page is told in the
  // alert dialog: these texts are its title, the server's reason stands beneath.
  deleteTeam: { failed: de.admin.teams.deleteFailed, network: de.admin.teams.deleteFailed, reason: 'never' },
  removeMember: { failed: de.admin.teams.removeFailed, network: de.admin.teams.removeFailed, reason: 'never' },
  resendInvitation: { failed: de.invitations.resendFailed, network: de.invitations.networkError, reason: 'instead' },
  createCustomer: {
    failed: de.customers.create.failed,
    network: `${de.customers.create.failed} (${de.customers.create.networkError})`,
    reason: 'after',
  },
  deleteCustomer: { failed: de.customers.list.deleteFailed, network: de.customers.list.deleteFailed, reason: 'never' },
  createProject: { failed: de.projects.create.failed, network: de.projects.create.failed, reason: 'after' },
  editProject: { failed: de.projectOverview.editFailed, network: de.projectOverview.editFailed, reason: 'after' },
  deleteProject: { failed: de.projectOverview.deleteFailed, network: de.projectOverview.deleteFailed, reason: 'never' },
  loadProfile: { failed: de.profile.loadFailed, network: de.profile.loadFailed, reason: 'never', byCode: { NOT_FOUND: de.profile.notFound } },
  saveProfile: { failed: de.profile.saveFailed, network: de.profile.saveFailed, reason: 'after' },
  deleteProfile: { failed: de.profile.deleteFailed, network: de.profile.deleteFailed, reason: 'after' },
  loadDevices: { failed: de.profile.devices.loadFailed, network: de.profile.devices.loadFailed, reason: 'never' },
  endDevice: { failed: de.profile.devices.endFailed, network: de.profile.devices.endFailed, reason: 'after' },
  saveNotificationSettings: { failed: de.notificationSettings.saveFailed, network: de.notificationSettings.saveFailed, reason: 'never' },
  upload: {
    // Spec section 8: 'Upload fehlgeschlagen.' on a non-OK answer, else the thrown message or 'Ein Fehler ist aufgetreten.'.
    failed: de.files.uploadFailed,
    network: de.files.networkError,
    reason: 'instead',
    // Spec section 5: a type the server does not recognise by its content.
    byCode: { UNSUPPORTED_MEDIA_TYPE: de.files.badType },
  },
  removeQuestionPhoto: { failed: de.questionnaire.photos.removeFailed, network: `${de.questionnaire.photos.removeFailed} ${de.files.networkError}`, reason: 'after' },
  deleteFile: { failed: de.files.deleteFailed, network: `${de.files.deleteFailed} ${de.files.networkError}`, reason: 'after' },
  saveAnswers: {
    failed: de.questionnaire.saveFailedServer,
    network: de.questionnaire.saveFailedNetwork,
    reason: 'after',
    // Refused answers stand beside their questions; the line under the form asks to check them.
    byCode: {
      VALIDATION_FAILED: de.questionnaire.saveFailed,
      BAD_REQUEST: de.questionnaire.saveFailed,
      INVALID_JSON: de.questionnaire.saveFailed,
      NOT_FOUND: `${de.questionnaire.saveFailedServer} ${de.questionnaire.projectNotFound}`,
    },
  },
  // Spec section 8 logs chat errors only; a send or start that fails still says so, as the text stays to be sent again.
  sendMessage: { failed: de.chat.sendFailed, network: de.chat.sendFailed, reason: 'after' },
  startChat: { failed: de.chat.newChat.failed, network: de.chat.newChat.failed, reason: 'after' },
  loadEarlierMessages: { failed: de.chat.loadEarlierFailed, network: de.chat.loadEarlierFailed, reason: 'never' },
  deleteChat: { failed: de.chat.deleteFailed, network: de.chat.deleteFailed, reason: 'after' },
  savePin: { failed: de.pins.saveFailed, network: `${de.pins.saveFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.changedMeanwhile } },
  savePinStatus: { failed: de.pins.statusFailed, network: `${de.pins.statusFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.statusChangedMeanwhile } },
  sendPinReply: { failed: de.pins.replyFailed, network: `${de.pins.replyFailed} ${de.files.networkError}`, reason: 'after' },
  savePinItem: { failed: de.pins.itemFailed, network: `${de.pins.itemFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.changedMeanwhile } },
  openItemsPdf: { failed: de.openItems.pdfFailed, network: `${de.openItems.pdfFailed} ${de.files.networkError}`, reason: 'after' },
  deletePin: { failed: de.pins.deleteFailed, network: `${de.pins.deleteFailed} ${de.files.networkError}`, reason: 'after' },
  movePin: { failed: de.pins.moveFailed, network: `${de.pins.moveFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.moveChangedMeanwhile } },
  /** A pin's change or deletion kept offline: the queue shows the refusal; a change made meanwhile elsewhere is named as such. */
  savePinKept: { failed: de.pins.saveFailed, network: `${de.pins.saveFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.keptChangedMeanwhile } },
  deletePinKept: { failed: de.pins.deleteFailed, network: `${de.pins.deleteFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.keptDeleteChangedMeanwhile } },
  savePinItemKept: { failed: de.pins.itemFailed, network: `${de.pins.itemFailed} ${de.files.networkError}`, reason: 'after', byCode: { CONFLICT: de.pins.keptItemChangedMeanwhile } },
  raiseFollowUp: { failed: de.followUps.raiseFailed, network: `${de.followUps.raiseFailed} ${de.files.networkError}`, reason: 'after' },
  answerFollowUp: { failed: de.followUps.answerFailed, network: `${de.followUps.answerFailed} ${de.files.networkError}`, reason: 'after' },
} as const satisfies Record<string, ErrorContext>;
