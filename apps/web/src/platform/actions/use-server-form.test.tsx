import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { requestObject, singleLineString } from '@bauakte/domain/schemas';
import { FormActions } from '../../components/ui/form-actions';
import { TextField } from '../../components/ui/text-field';
import { ApiError, NetworkError } from '../../lib/api';
import type { ErrorContext } from '../../lib/api-errors';
import { schemaResolver } from '../../lib/form-messages';
import { useServerForm } from './use-server-form';

const schema = requestObject({ name: singleLineString().min(1, 'Bitte geben Sie einen Namen ein.') });
const resolver = schemaResolver(schema);
const context: ErrorContext = { failed: 'Fehler beim Speichern.', network: 'Netzwerkfehler', reason: 'after' };

interface Setup {
  submit(values: { name: string }): Promise<string>;
  onSuccess?(answer: string): void;
}

function NameForm({ submit, onSuccess, invalidates = [['things']] }: Setup & { invalidates?: string[][] }) {
  const { onSubmit, busy, error, field } = useServerForm({
    resolver,
    defaultValues: { name: '' },
    submit,
    errors: context,
    invalidates,
    onSuccess,
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextField id="name" label="Name" {...field('name')} />
      <FormActions submitLabel="Speichern" busy={busy} error={error} />
    </form>
  );
}

function setup(props: Setup) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <NameForm {...props} />
    </QueryClientProvider>,
  );
  return { invalidate };
}

const user = () => userEvent.setup();
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Speichern' });

async function typeAndSubmit(text: string) {
  await user().type(screen.getByLabelText('Name'), text);
  await user().click(submitButton());
}

afterEach(cleanup);

describe('useServerForm', () => {
  it('sends nothing while a field breaks the schema, and names the field', async () => {
    const submit = vi.fn(async () => 'ok');
    setup({ submit });
    await user().click(submitButton());
    expect(await screen.findByText('Bitte geben Sie einen Namen ein.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's field message beside its field and says under the form only that saving failed", async () => {
    const refusal = new ApiError(400, 'Eingaben ungültig.', 'VALIDATION_FAILED', [{ path: 'body/name', message: 'Dieser Name ist vergeben.' }]);
    setup({ submit: vi.fn(async () => Promise.reject(refusal)) });
    await typeAndSubmit('Haus');
    const message = await screen.findByText('Dieser Name ist vergeben.');
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Fehler beim Speichern.');
  });

  it("shows the context's text with the server's reason, or the network text without an answer", async () => {
    const submit = vi.fn<Setup['submit']>().mockRejectedValueOnce(new ApiError(409, 'Das Projekt wurde geändert.', 'CONFLICT')).mockRejectedValueOnce(new NetworkError('offline'));
    setup({ submit });
    await typeAndSubmit('Haus');
    expect(await screen.findByText('Fehler beim Speichern. Das Projekt wurde geändert.')).toBeTruthy();
    await user().click(submitButton());
    expect(await screen.findByText('Netzwerkfehler')).toBeTruthy();
    expect(screen.queryByText('Fehler beim Speichern. Das Projekt wurde geändert.')).toBeNull();
  });

  it('is busy while the request runs, and not after it', async () => {
    let answer: (value: string) => void = () => undefined;
    setup({ submit: () => new Promise<string>((resolve) => (answer = resolve)) });
    await typeAndSubmit('Haus');
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect(submitButton().disabled).toBe(true);
    answer('ok');
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBeNull());
    expect(submitButton().disabled).toBe(false);
  });

  it('refetches the queries named and hands the answer on after a success, but not after a failure', async () => {
    const onSuccess = vi.fn();
    const submit = vi.fn<Setup['submit']>().mockRejectedValueOnce(new ApiError(500, undefined, undefined)).mockResolvedValueOnce('gespeichert');
    const { invalidate } = setup({ submit, onSuccess });
    await typeAndSubmit('Haus');
    expect(await screen.findByText('Fehler beim Speichern.')).toBeTruthy();
    expect(invalidate).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
    await user().click(submitButton());
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('gespeichert', { name: 'Haus' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    expect(submit).toHaveBeenLastCalledWith({ name: 'Haus' });
    expect(screen.queryByText('Fehler beim Speichern.')).toBeNull();
  });

  // The login page renders without the query cache, so the first route does without TanStack Query.
  it('sends and hands the answer on without a query cache when it refetches nothing', async () => {
    const onSuccess = vi.fn();
    render(<NameForm submit={async () => 'angemeldet'} onSuccess={onSuccess} invalidates={[]} />);
    await typeAndSubmit('Haus');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('angemeldet', { name: 'Haus' }));
  });
});
