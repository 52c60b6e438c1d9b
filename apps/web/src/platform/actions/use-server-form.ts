import { useCallback, useContext, type BaseSyntheticEvent } from 'react';
import { QueryClientContext, type QueryKey } from '@tanstack/react-query';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions, type Resolver, type UseFormReturn } from 'react-hook-form';
import { errorText, showFieldIssues, type ErrorContext, type FieldIssueOptions } from '../../lib/api-errors';
import type { FieldBinding } from '../../components/ui/form-field';

/** Where the form-level text of a failed save lives: react-hook-form drops it when the form is checked again. */
const serverError = 'root.server';

export interface ServerFormOptions<Values extends FieldValues, Output, Answer> {
  /**
   * The form's rules, usually schemaResolver(a domain schema); its output is what `submit` sends. A
   * resolver that cannot check at all (the login's rules load later) puts its text at root.server,
   * where `error` reads it.
   */
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  /** The call that changes data: the checked values in, the server's answer out. */
  submit(values: Output): Promise<Answer>;
  /** The texts of a failure under the form (spec section 8); without it the form shows no such line. */
  errors?: ErrorContext;
  /**
   * Where the server's field messages go when the form names a field differently; false where the
   * form's failure text names them itself (a chat message's reason).
   */
  issueFields?: FieldIssueOptions | false;
  /** Queries whose data the change alters: refetched once it succeeded (needs the page's QueryProvider). */
  invalidates?: readonly QueryKey[];
  /** After a success, e.g. a toast and closing the modal; the form stays busy until it has finished. */
  onSuccess?(answer: Answer, values: Output): void | Promise<void>;
  /** After a failure, once its messages stand at the fields and under the form. */
  onError?(error: unknown): void;
  /** When the fields' check fails and nothing is sent. */
  onInvalid?(): void;
}


export interface ServerForm<Values extends FieldValues, Output> {
  form: UseFormReturn<Values, unknown, Output>;
  /** For the form's onSubmit: checks the fields, then sends. */
  onSubmit(event?: BaseSyntheticEvent): Promise<void>;
  /** True while the form is checked, sent or its success handled: the submit button spins. */
  busy: boolean;
  /** The German text of the last failure, shown under the form; undefined when there is none. */
  error: string | undefined;
  /** Puts a text of the form's own in the failure's place, e.g. when something outside the fields is missing. */
  showError(text: string): void;
  clearError(): void;
  /** An input's props for a field: `<TextField {...field('email')} />`. */
  field(name: Path<Values>, options?: RegisterOptions<Values, Path<Values>>): FieldBinding;
}

/**
 * The one way a form changes data on the server: react-hook-form checks the fields by the domain's
 * schema, `submit` sends them; a refusal puts the server's field messages beside their fields and
 * the context's German text under the form; a success refetches the queries named and runs
 * `onSuccess`. Without a connection nothing holds the save back: `submit` decides (queue it on the
 * device, or fail).
 */
export function useServerForm<Values extends FieldValues, Output, Answer>(options: ServerFormOptions<Values, Output, Answer>): ServerForm<Values, Output> {
  // The query cache is read from the context, not through TanStack Query's hooks: the login page,
  // which refetches nothing, renders without it, so the first route does without TanStack Query.
  const queryClient = useContext(QueryClientContext);
  if (options.invalidates?.length && !queryClient) throw new Error('useServerForm: invalidates needs a QueryProvider');
  const form = useForm<Values, unknown, Output>({ resolver: options.resolver, defaultValues: options.defaultValues });
  const { setError, clearErrors } = form;

  const showError = useCallback((text: string) => setError(serverError, { type: 'server', message: text }), [setError]);
  const clearError = useCallback(() => clearErrors(serverError), [clearErrors]);

  const fail = (failure: unknown) => {
    const fieldIssuesShown = options.issueFields !== false && showFieldIssues(failure, form, options.issueFields);
    if (options.errors) showError(errorText(failure, options.errors, { fieldIssuesShown }));
    options.onError?.(failure);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    let answer: Answer;
    try {
      answer = await options.submit(values);
    } catch (failure) {
      fail(failure);
      return;
    }
    for (const queryKey of options.invalidates ?? []) void queryClient?.invalidateQueries({ queryKey });
    await options.onSuccess?.(answer, values);
  }, () => options.onInvalid?.());

  const { errors, isSubmitting } = form.formState;
  const field = (name: Path<Values>, registerOptions?: RegisterOptions<Values, Path<Values>>): FieldBinding => {
    const fieldError: unknown = get(errors, name);
    const message = typeof fieldError === 'object' && fieldError !== null ? (fieldError as { message?: unknown }).message : undefined;
    return { ...form.register(name, registerOptions), error: typeof message === 'string' ? message : undefined };
  };
  // isSubmitting lasts from the check through `submit` to the end of `onSuccess`.
  return { form, onSubmit, busy: isSubmitting, error: errors.root?.server?.message, showError, clearError, field };
}
