/**
 * The four questionnaire steps, loaded as one chunk beside the shell's: their forms and the
 * answers' schemas are not part of the dashboards' or the admin page's start.
 */
export { GeneralPage } from '../../features/questionnaire/general-page';
export { StoreysPage } from '../../features/questionnaire/storeys-page';
export { WindowsPage } from '../../features/questionnaire/windows-page';
export { HeatingPage } from '../../features/questionnaire/heating-page';
