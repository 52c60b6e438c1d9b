import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { CircleHelp } from 'lucide-react';
import {
  buildingTypeLabels,
  frameMaterialLabels,
  heatEmissionLabels,
  heatProducerLabels,
  questionLabels,
  roofTypeLabels,
  temperatureRegulationLabels,
  typeOfGlassLabels,
  type QuestionKey,
} from '@bauakte/domain/labels';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { de } from '../../i18n/de';
import {
  buildingTypeDrawings,
  CompassDrawing,
  frameMaterialDrawings,
  heatEmissionDrawings,
  heatProducerDrawings,
  roofTypeDrawings,
  temperatureRegulationDrawings,
  typeOfGlassDrawings,
} from './explanation-drawings';

const t = de.questionnaire.explain;

interface ExplainedChoice {
  value: string;
  label: string;
  text: string;
  drawing: ReactNode;
}

interface Explanation {
  intro: string;
  /** A drawing of the question as a whole (the compass). */
  drawing?: ReactNode;
  choices: ExplainedChoice[];
}

/** Each choice with its German label, explanation and drawing, in the form's order. */
function choicesOf<V extends string>(labels: Record<V, string>, texts: Record<V, string>, drawings: Record<V, (label: string) => ReactNode>): ExplainedChoice[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value], text: texts[value], drawing: drawings[value](t.drawing(labels[value])) }));
}

/** The questions whose choices a layperson cannot tell apart, with what explains them. */
const explanations: Partial<Record<QuestionKey, () => Explanation>> = {
  buildingtype: () => ({ intro: t.buildingtype.intro, choices: choicesOf(buildingTypeLabels, t.buildingtype.options, buildingTypeDrawings) }),
  roofType: () => ({ intro: t.roofType.intro, choices: choicesOf(roofTypeLabels, t.roofType.options, roofTypeDrawings) }),
  direction: () => ({ intro: t.direction.intro, drawing: <CompassDrawing label={t.direction.compass} />, choices: [] }),
  typeOfGlass: () => ({ intro: t.typeOfGlass.intro, choices: choicesOf(typeOfGlassLabels, t.typeOfGlass.options, typeOfGlassDrawings) }),
  frameMaterial: () => ({ intro: t.frameMaterial.intro, choices: choicesOf(frameMaterialLabels, t.frameMaterial.options, frameMaterialDrawings) }),
  heatProducer: () => ({ intro: t.heatProducer.intro, choices: choicesOf(heatProducerLabels, t.heatProducer.options, heatProducerDrawings) }),
  heatEmission: () => ({ intro: t.heatEmission.intro, choices: choicesOf(heatEmissionLabels, t.heatEmission.options, heatEmissionDrawings) }),
  temperatureRegulation: () => ({
    intro: t.temperatureRegulation.intro,
    choices: choicesOf(temperatureRegulationLabels, t.temperatureRegulation.options, temperatureRegulationDrawings),
  }),
};

export const isExplained = (key: QuestionKey | undefined): key is QuestionKey => key !== undefined && key in explanations;

/**
 * 'Was bedeutet das?' under a question: opens the explanation as a dialog over the form (a sheet
 * on a phone), so the form does not move; Escape or the close button return to the button.
 */
export function ExplainQuestion({ questionKey }: { questionKey: QuestionKey }) {
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted, so that closing it hands the focus back to the button.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const explain = explanations[questionKey];
  if (!explain) return null;
  const question = questionLabels[questionKey];
  return (
    <>
      {/* The question's name in hidden text, not aria-label: the button is named after the question without labelling like its field. */}
      <Button
        ref={button}
        type="button"
        variant="link"
        className="h-11 w-fit px-0"
        aria-haspopup="dialog"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <CircleHelp aria-hidden />
        {t.open}
        <span className="sr-only">{t.about(question)}</span>
      </Button>
      {opened ? <ExplanationDialog open={open} returnTo={button} question={question} explanation={explain()} onOpenChange={setOpen} /> : null}
    </>
  );
}

interface ExplanationDialogProps {
  open: boolean;
  /** The button that opened it: without a Radix trigger, the focus is handed back by hand. */
  returnTo: RefObject<HTMLButtonElement | null>;
  question: string;
  explanation: Explanation;
  onOpenChange(open: boolean): void;
}

function ExplanationDialog({ open, returnTo, question, explanation, onOpenChange }: ExplanationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnTo.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{question}</DialogTitle>
          <DialogDescription>{explanation.intro}</DialogDescription>
        </DialogHeader>
        {explanation.drawing ? <div className="flex justify-center">{explanation.drawing}</div> : null}
        {explanation.choices.length > 0 ? (
          <ul className="flex flex-col gap-4">
            {explanation.choices.map((choice) => (
              <li key={choice.value} className="flex items-start gap-3">
                {choice.drawing}
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="font-medium">{choice.label}</span>
                  <span className="text-sm text-muted-foreground">{choice.text}</span>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
