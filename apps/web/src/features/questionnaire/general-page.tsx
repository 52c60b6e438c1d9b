import { apartmentUnitsLabels, apartmentUnitsOptions, buildingTypeLabels, buildingTypes, buildingUsageLabels, buildingUsages, currentYearInAustria, directionLabels, directions, questionnaireLimits, renovatedUnitsLabels, renovatedUnitsOptions } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { NumberQuestion, QuestionGrid, SelectQuestion } from './question-fields';
import { QuestionnaireStepPage } from './step-page';

const q = de.questionnaire.questions;

/** /general: Allgemeine Informationen, step 1 of 4. */
export function GeneralPage() {
  return (
    <QuestionnaireStepPage step="general">
      {({ control }) => (
        <QuestionGrid>
          <SelectQuestion control={control} name="buildingUsage" label={q.buildingUsage} options={buildingUsages} labels={buildingUsageLabels} />
          <SelectQuestion control={control} name="buildingtype" label={q.buildingtype} options={buildingTypes} labels={buildingTypeLabels} />
          <SelectQuestion control={control} name="apartmentUnits" label={q.apartmentUnits} options={apartmentUnitsOptions} labels={apartmentUnitsLabels} />
          <SelectQuestion control={control} name="renovatedUnits" label={q.renovatedUnits} options={renovatedUnitsOptions} labels={renovatedUnitsLabels} />
          <SelectQuestion control={control} name="direction" label={q.direction} options={directions} labels={directionLabels} />
          <NumberQuestion
            control={control}
            name="constructionYear"
            label={q.constructionYear}
            min={questionnaireLimits.constructionYearMin}
            max={currentYearInAustria()}
          />
        </QuestionGrid>
      )}
    </QuestionnaireStepPage>
  );
}
