import { fuelTypeLabels, fuelTypes, heatEmissionLabels, heatEmissions, heatProducerLabels, heatProducers, hotWaterProductionLabels, hotWaterProductions, temperatureRegulationLabels, temperatureRegulations } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { QuestionGrid, SelectQuestion, TextQuestion } from './question-fields';
import { QuestionnaireStepPage } from './step-page';

const q = de.questionnaire.questions;

/** /heating: Heizung, step 4 of 4; its button is 'Speichern' and leads back to the dashboard. */
export function HeatingPage() {
  return (
    <QuestionnaireStepPage step="heating">
      {({ control }) => (
        <QuestionGrid>
          <SelectQuestion control={control} name="heatProducer" label={q.heatProducer} options={heatProducers} labels={heatProducerLabels} />
          <SelectQuestion control={control} name="fuelType" label={q.fuelType} options={fuelTypes} labels={fuelTypeLabels} />
          <TextQuestion control={control} name="constructionYearHeating" label={q.constructionYearHeating} hint={de.questionnaire.constructionYearHeatingHint} />
          <SelectQuestion control={control} name="hotWaterProduction" label={q.hotWaterProduction} options={hotWaterProductions} labels={hotWaterProductionLabels} />
          <SelectQuestion control={control} name="heatEmission" label={q.heatEmission} options={heatEmissions} labels={heatEmissionLabels} />
          <SelectQuestion
            control={control}
            name="temperatureRegulation"
            label={q.temperatureRegulation}
            options={temperatureRegulations}
            labels={temperatureRegulationLabels}
          />
        </QuestionGrid>
      )}
    </QuestionnaireStepPage>
  );
}
