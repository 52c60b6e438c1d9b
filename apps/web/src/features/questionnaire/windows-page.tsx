import { useWatch } from 'react-hook-form';
import { currentYearInAustria, frameMaterialLabels, frameMaterials, hiddenQuestions, questionnaireLimits, typeOfGlassLabels, typesOfGlass } from '@bauakte/domain/labels';
import { RequiredLegend } from '../../components/ui/form-field';
import { de } from '../../i18n/de';
import { NumberQuestion, QuestionGrid, SelectQuestion, YesNoQuestion } from './question-fields';
import { QuestionnaireStepPage, type StepForm } from './step-page';

const q = de.questionnaire.questions;

/** With different windows the architect collects the details, so the domain's conditions hide the other questions. */
function WindowsQuestions({ form }: { form: StepForm<'windows'> }) {
  const { control } = form;
  const isDifferentWindows = useWatch({ control, name: 'isDifferentWindows' });
  const hidden = hiddenQuestions('windows', { isDifferentWindows });
  const differentWindows = hidden.length > 0;

  // Hidden details keep their values until the save (back on 'Nein' they are there again) but not
  // their messages: while hidden they are neither judged nor kept (see the windows resolver).
  const onDifferentWindows = (different: boolean) => {
    const nowHidden = hiddenQuestions('windows', { isDifferentWindows: different });
    if (nowHidden.length > 0) form.clearErrors([...nowHidden] as Parameters<typeof form.clearErrors>[0]);
  };

  return (
    <QuestionGrid>
      {/* The one step with required questions (spec section 5): isDifferentWindows, and isRollerBlindHousing while shown. */}
      <RequiredLegend className="md:col-span-2" />
      <YesNoQuestion control={control} name="isDifferentWindows" label={q.isDifferentWindows} required onAnswer={onDifferentWindows} />
      {differentWindows ? (
        <p role="status" className="rounded-md border border-border bg-accent p-4 text-sm text-accent-foreground md:col-span-2">
          {de.questionnaire.differentWindowsNote}
        </p>
      ) : (
        <>
          <NumberQuestion
            control={control}
            name="windowConstructionYear"
            label={q.windowConstructionYear}
            min={questionnaireLimits.componentYearMin}
            max={currentYearInAustria()}
          />
          <SelectQuestion control={control} name="typeOfGlass" label={q.typeOfGlass} options={typesOfGlass} labels={typeOfGlassLabels} />
          <SelectQuestion control={control} name="frameMaterial" label={q.frameMaterial} options={frameMaterials} labels={frameMaterialLabels} />
          <YesNoQuestion control={control} name="isRollerBlindHousing" label={q.isRollerBlindHousing} required />
        </>
      )}
    </QuestionGrid>
  );
}

/** /windows: Fenster, step 3 of 4. */
export function WindowsPage() {
  return <QuestionnaireStepPage step="windows">{(form) => <WindowsQuestions form={form} />}</QuestionnaireStepPage>;
}
