import { can, questionnaireSteps } from '@bauakte/domain/labels';
import type { ProjectFile } from '@bauakte/domain/schemas';
import { pinKeys, questionnaireKeys } from '../../lib/query-keys';
import { viewportWidth } from '../../lib/viewport-width';
import { keepPlanPage } from '../../platform/offline/read-cache-pages';
import { rememberPicture } from '../../platform/offline/read-cache-pictures';
import { projectQuery } from '../../platform/project/project-query';
import { projectFilesQuery } from '../files/files-api';
import { fetchChatsWith } from '../chat/chat-api';
import { fetchAssignees, fetchItemPhotos, fetchOpenItems, fetchPins } from '../files/pins/pins-api';
import { openItemsFirstQuery } from '../files/pins/open-items-query';
import { firstPageImage, planSourceOf } from '../files/plan-viewer/plan-source';
import { projectChangesQuery } from '../projects/projects-api';
import { followUpsQuery } from '../questionnaire/follow-ups-api';
import { questionPhotosQuery } from '../questionnaire/question-photos-api';
import { fetchQuestionnaireRecord, fetchStepAnswers } from '../questionnaire/questionnaire-api';
import type { AppTakeAlongSources } from '../../platform/take-along/take-along';

/** The sources of a project's keep in this app: through the query cache (and so the read cache), thumbnails and pages encrypted. */
export const appSources: AppTakeAlongSources = (client, user, projectId) => {
  const { username } = user;
  // Whom an item may be assigned to ('Zuordnen' on site), and whose chats are taken along: one request for both.
  const people = () => client.fetchQuery({ queryKey: pinKeys.assignees(projectId), queryFn: () => fetchAssignees(projectId) });
  const answers = [
    () => client.fetchQuery(projectQuery(projectId)),
    // The steps' forms take their answers once, fresh from the server: nothing lingers in the tab.
    ...questionnaireSteps.map((step) => () => client.fetchQuery({ queryKey: questionnaireKeys.step(projectId, step), queryFn: () => fetchStepAnswers(step, projectId), gcTime: 0 })),
    () => client.fetchQuery({ queryKey: questionnaireKeys.record(projectId), queryFn: () => fetchQuestionnaireRecord(projectId) }),
    ...(can(user, 'manageProjects') ? [() => client.fetchQuery(projectChangesQuery(projectId))] : []),
    // The latest messages of the user's chats with the project's people: its client and architects.
    async () => fetchChatsWith(client, username, (await people()).map((person) => person.username)),
  ];
  return {
    answers,
    files: () => client.fetchQuery({ ...projectFilesQuery(projectId), staleTime: 0 }),
    questionPhotos: () => client.fetchQuery({ ...questionPhotosQuery(projectId), staleTime: 0 }),
    itemPhotos: () => client.fetchQuery({ queryKey: pinKeys.photos(projectId), queryFn: () => fetchItemPhotos(projectId), staleTime: 0 }),
    openItems: [
      () => client.fetchQuery(followUpsQuery(projectId)),
      // The list's first page as the card first asks for it: what is still to be done.
      () => client.fetchQuery({ queryKey: pinKeys.openItemsFiltered(projectId, openItemsFirstQuery), queryFn: () => fetchOpenItems(projectId, openItemsFirstQuery) }),
      people,
    ],
    pins: (fileId) => client.fetchQuery({ queryKey: pinKeys.file(projectId, fileId), queryFn: () => fetchPins(projectId, fileId) }),
    keepPicture: (key, src) => rememberPicture(key, src),
    keepPage: (planKey, page, src) => keepPlanPage(username, planKey, page, src),
    pageAddress: (file: ProjectFile, page) => firstPageImage(planSourceOf(file), page, viewportWidth()),
  };
};
