import { minimumPasswordScore } from '@bauakte/domain/labels';
import { de } from '../../i18n/de';
import { cn } from '../../lib/cn';
import { usePasswordStrength } from '../../lib/use-password-strength';

const t = de.passwordStrength;
const levelCount = t.levels.length;

/** Green from the minimum score on, amber one below, red further below: whether the form will take it. */
function barColour(score: number): string {
  if (score >= minimumPasswordScore) return 'bg-green-700';
  return score === minimumPasswordScore - 1 ? 'bg-amber-500' : 'bg-destructive';
}

interface PasswordStrengthMeterProps {
  password: string;
  /** The person's own words (username, names, e-mail), which make a password easy to guess. */
  userInputs: readonly string[];
}

/** 'Passwortstärke: …' with a five-step bar and zxcvbn's German warning and suggestions, while typing. */
export function PasswordStrengthMeter({ password, userInputs }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, userInputs);
  const level = strength ? t.levels[strength.score] : undefined;
  const advice = strength ? [strength.warning, ...strength.suggestions].filter(Boolean).join(' ') : '';

  return (
    <div className="flex flex-col gap-1">
      {strength && level ? (
        <div
          role="meter"
          aria-label={t.label}
          aria-valuemin={0}
          aria-valuemax={levelCount - 1}
          aria-valuenow={strength.score}
          aria-valuetext={level}
          className="grid grid-cols-5 gap-1"
        >
          {t.levels.map((name, index) => (
            <span key={name} className={cn('h-1.5 rounded-full', index <= strength.score ? barColour(strength.score) : 'bg-secondary')} />
          ))}
        </div>
      ) : null}
      {/* Always in the page, so screen readers announce each new level. */}
      <p aria-live="polite" className="font-medium text-foreground">
        {level ? t.value(level) : ''}
      </p>
      {advice ? <p>{advice}</p> : null}
    </div>
  );
}
