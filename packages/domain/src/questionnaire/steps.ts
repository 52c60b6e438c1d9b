/** The questionnaire's four steps, in the order the forms ask them. */
export const questionnaireSteps = ['general', 'storeys', 'windows', 'heating'] as const;
export type QuestionnaireStep = (typeof questionnaireSteps)[number];
