/**
 * `@bauakte/domain/labels`: enums with their German labels, limits and pure helpers. Nothing here
 * imports zod (entries.test.ts), so a page may take them at its first paint.
 */
export * from './address-format';
export * from './austrian-address';
export * from './capabilities';
export * from './errors';
export * from './export-file-name';
export * from './field-limits';
export * from './file-formats';
export * from './first-use';
export * from './live';
export * from './notification-settings';
export * from './number-text';
export * from './page-sizes';
export * from './password-strength';
export * from './people';
export * from './pin-items';
export * from './vienna-clock';
export * from './project-search';
export * from './questionnaire-changes';
export * from './roles';
export * from './username-rules';
export * from './users';
export * from './questionnaire/answer-options';
export * from './questionnaire/answer-sheet';
export * from './questionnaire/catalogue';
export * from './questionnaire/conditions';
export * from './questionnaire/labels';
export * from './questionnaire/limits';
export * from './questionnaire/merge-answers';
export * from './questionnaire/plausibility';
export * from './questionnaire/progress';
export * from './questionnaire/project-status';
export * from './questionnaire/question-labels';
export * from './questionnaire/required-questions';
export * from './questionnaire/steps';
export * from './questionnaire/storey-counts';
