import { numberOfStoreysLabels, numberOfStoreysOptions, roofTypeLabels, roofTypes } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { QuestionGrid, SelectQuestion, YesNoQuestion } from './question-fields';
import { QuestionnaireStepPage } from './step-page';

const q = de.questionnaire.questions;

/** /storeys: Stockwerke, step 2 of 4. The storey count is a choice sent as a string ('1'…'20'). */
export function StoreysPage() {
  return (
    <QuestionnaireStepPage step="storeys">
      {({ control }) => (
        <QuestionGrid>
          <SelectQuestion control={control} name="roof.roofType" label={q.roofType} options={roofTypes} labels={roofTypeLabels} />
          <YesNoQuestion control={control} name="roof.isAtticHeated" label={q.isAtticHeated} />
          <SelectQuestion control={control} name="numberOfStoreys" label={q.numberOfStoreys} options={numberOfStoreysOptions} labels={numberOfStoreysLabels} />
          <YesNoQuestion control={control} name="isBasementHeated" label={q.isBasementHeated} />
          <YesNoQuestion control={control} name="isRenovated" label={q.isRenovated} />
        </QuestionGrid>
      )}
    </QuestionnaireStepPage>
  );
}
