/**
 * `@bauakte/domain/schemas`: the zod schemas of requests and answers, with the values defined beside
 * them. Importing any of it loads zod: the web takes it only in code loaded after the first paint.
 */
export * from './auth';
export * from './chat';
export * from './customers';
export * from './dashboard-layout';
export * from './error-schema';
export * from './export';
export * from './fields';
export * from './files';
export * from './follow-ups';
export * from './health';
export * from './ids';
export * from './impressum';
export * from './mail';
export * from './notification-settings-schema';
export * from './paging';
export * from './password-reset';
export * from './people-schema';
export * from './pins';
export * from './profile';
export * from './project-changes';
export * from './projects';
export * from './questionnaire-change-schema';
export * from './registration';
export * from './role-schema';
export * from './teams';
export * from './text';
export * from './user-schema';
export * from './username';
export * from './questionnaire/general';
export * from './questionnaire/heating';
export * from './questionnaire/merge';
export * from './questionnaire/step-schemas';
export * from './questionnaire/storeys';
export * from './questionnaire/windows';
