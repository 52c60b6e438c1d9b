/**
 * Refuses common and guessable passwords ('12345678', 'passwort', the username repeated) with the
 * zxcvbn estimate and its common and German dictionaries. The dictionaries are large, so they are
 * imported on first use: the server loads them once, the web app only on pages that set a password.
 */

/** zxcvbn's scale: 3 means at least 10^8 guesses, 'safely unguessable' for a throttled, hashed login. */
export const minimumPasswordScore = 3;

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  score: PasswordScore;
  acceptable: boolean;
  /** zxcvbn's German warning, e.g. 'Dies ist ein sehr häufig verwendetes Passwort.' */
  warning: string | null;
  suggestions: string[];
}

interface Estimator {
  check(password: string, userInputs?: (string | number)[]): { score: number; feedback: { warning: string | null; suggestions: string[] } };
}

let estimator: Promise<Estimator> | undefined;

async function loadEstimator(): Promise<Estimator> {
  const [{ ZxcvbnFactory }, common, german] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-de'),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...german.dictionary },
    graphs: common.adjacencyGraphs,
    translations: german.translations,
    // Levenshtein matching makes each estimate far slower, and one runs while a password is typed and on every registration.
    useLevenshteinDistance: false,
  });
}

/** Loads the dictionaries now (the server does so at start, so no request waits for them). */
export function preparePasswordStrength(): Promise<void> {
  estimator ??= loadEstimator();
  return estimator.then(() => undefined);
}

/** The words a password must not be built from: the person's own names and address parts. */
export function personalWords(person: { username?: string; firstName?: string; lastName?: string; email?: string }): string[] {
  const email = person.email ?? '';
  const words = [person.username, person.firstName, person.lastName, email, email.split('@')[0]];
  return words.filter((word): word is string => typeof word === 'string' && word.trim() !== '');
}

export async function estimatePasswordStrength(password: string, userInputs: readonly string[] = []): Promise<PasswordStrength> {
  estimator ??= loadEstimator();
  const result = (await estimator).check(password, [...userInputs]);
  const score = Math.max(0, Math.min(4, result.score)) as PasswordScore;
  return {
    score,
    acceptable: score >= minimumPasswordScore,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
