import { useState, type FormEvent } from 'react';
import { answerPaths, participantName } from '@bauakte/domain/labels';
import type { QuestionnaireConflict } from '@bauakte/domain/schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FormError } from '../../components/ui/form-error';
import { de } from '../../i18n/de';
import { dateTimeText } from '../../lib/date-time';
import { answerText, changedFieldLabel } from '../../lib/change-log';

const t = de.questionnaire.conflict;

/** Per answer both changed: keep the other person's answer, or this person's own. */
export type ConflictChoice = 'theirs' | 'mine';
export type ConflictChoices = Record<string, ConflictChoice>;

interface StepConflictDialogProps {
  conflict: QuestionnaireConflict;
  /** What this person's save sent: their answers to the fields in conflict. */
  mine: Record<string, unknown>;
  busy: boolean;
  onResolve(choices: ConflictChoices): void;
  onCancel(): void;
}

/** The other person by name (their username when no name is known). */
function conflictAuthor(conflict: QuestionnaireConflict): string {
  return participantName(conflict.savedBy) || t.someone;
}

const optionClassName =
  'flex cursor-pointer items-start gap-3 rounded-md border border-input bg-background p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2';

function ChoiceOption({ name, value, heading, answer, action, checked, onChoose }: {
  name: string;
  value: ConflictChoice;
  heading: string;
  answer: string;
  action: string;
  checked: boolean;
  onChoose(value: ConflictChoice): void;
}) {
  return (
    <label className={optionClassName}>
      <input type="radio" name={name} value={value} checked={checked} onChange={() => onChoose(value)} aria-label={`${action}: ${answer}`} className="mt-0.5 size-4 accent-primary focus-visible:outline-none" />
      <span className="flex min-w-0 flex-col gap-1">
        <span className="font-medium">{heading}</span>
        <span className="break-words">{answer}</span>
      </span>
    </label>
  );
}

/**
 * A save met answers someone else changed meanwhile: who and when, and for each answer both changed
 * their answer beside this person's, to choose from. Nothing is saved until every one is chosen.
 */
export function StepConflictDialog({ conflict, mine, busy, onResolve, onCancel }: StepConflictDialogProps) {
  const [choices, setChoices] = useState<ConflictChoices>({});
  const [missing, setMissing] = useState(false);
  const author = conflictAuthor(conflict);
  const theirAnswers = answerPaths(conflict.answers);
  const myAnswers = answerPaths(mine);
  const savedAt = conflict.savedAt ? dateTimeText(conflict.savedAt) : '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const complete = conflict.fields.every((path) => choices[path] !== undefined);
    setMissing(!complete);
    if (complete) onResolve(choices);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description(author, savedAt)}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {conflict.fields.map((path) => {
            const label = changedFieldLabel(path);
            const choose = (value: ConflictChoice) => setChoices((before) => ({ ...before, [path]: value }));
            return (
              <fieldset key={path} className="flex min-w-0 flex-col gap-2">
                <legend className="mb-2 text-sm font-semibold">{label}</legend>
                <div className="grid gap-2 md:grid-cols-2">
                  <ChoiceOption
                    name={`conflict-${path}`}
                    value="theirs"
                    heading={t.theirs(author)}
                    answer={answerText(path, theirAnswers[path] ?? null)}
                    action={t.keepTheirs(author)}
                    checked={choices[path] === 'theirs'}
                    onChoose={choose}
                  />
                  <ChoiceOption
                    name={`conflict-${path}`}
                    value="mine"
                    heading={t.mine}
                    answer={answerText(path, myAnswers[path] ?? null)}
                    action={t.keepMine}
                    checked={choices[path] === 'mine'}
                    onChoose={choose}
                  />
                </div>
              </fieldset>
            );
          })}
          <FormError>{missing ? t.chooseEach : ''}</FormError>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              {de.common.cancel}
            </Button>
            <Button type="submit" busy={busy}>
              {t.saveChoice}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
