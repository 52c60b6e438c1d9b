import { useEffect, useRef, useState } from 'react';
import { estimatePasswordStrength, type PasswordStrength } from '@bauakte/domain/labels';

/** Typing is not interrupted by an estimate per key: it runs once the typing pauses this long. */
const strengthDelayMs = 150;

/**
 * zxcvbn's estimate of a password being typed, against the person's own words (names, e-mail).
 * Null while the field is empty and until the first estimate (the dictionaries load on first use).
 */
export function usePasswordStrength(password: string, userInputs: readonly string[]): PasswordStrength | null {
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const inputs = useRef(userInputs);
  inputs.current = userInputs;
  // The words change identity on every render; their text decides whether to estimate again.
  const inputsKey = userInputs.join('\n');

  useEffect(() => {
    if (password === '') {
      setStrength(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      estimatePasswordStrength(password, inputs.current).then(
        (next) => current && setStrength(next),
        (error: unknown) => console.error('Passwortstärke nicht geschätzt', error),
      );
    }, strengthDelayMs);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [password, inputsKey]);

  return password === '' ? null : strength;
}
