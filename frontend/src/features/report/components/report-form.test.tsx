import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { identificationStore } from '@/lib/identification-store';
import { devConfig, jsonResponse, stubApi, type FakeHandler } from '@/testing/fake-api';
import { renderAppAt } from '@/testing/render-app';
import { fillReportForm, formFields, pickAddress, pickedAddress, placesHandler } from '@/testing/report-fakes';
import { RETRY_DELAYS_MS } from '../api/submit-report';
import { ApiError } from '@/lib/api-client';
import { languageStore } from '@/lib/i18n/language';
import { describeSubmitFailure, reportMessages } from '../report-messages';
import { submissionStatusMessages } from './submission-status';

const notifications = () => screen.getByRole('region', { name: 'Notifications' });
const reportButton = () => screen.getByRole('button', { name: 'Report!' });

function stubReportApi(submit: FakeHandler) {
  return stubApi({
    'GET /config': () => jsonResponse(devConfig),
    'GET /places/autocomplete': placesHandler,
    'POST /report': submit,
    'GET /report/r-1/associations': () => jsonResponse([{ name: 'Portland Beekeepers', donationUrl: null }]),
  });
}

const reportPosts = (requests: { method: string; path: string; body: BodyInit | null | undefined }[]) =>
  requests.filter((request) => request.method === 'POST' && request.path === '/report').map((request) => formFields(request.body));

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:swarm-preview') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
});

describe('report form fields', () => {
  it('asks for size and elevation when the identification flow was skipped', () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    renderAppAt('/report');

    expect(screen.getByRole('combobox', { name: 'Size' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /Elevation/ })).toBeInTheDocument();
  });

  it('does not ask again for the size and elevation chosen in the flow', () => {
    identificationStore.update({ size: 'Softball', elevation: 8 });
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    renderAppAt('/report');

    expect(screen.queryByRole('combobox', { name: 'Size' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: /Elevation/ })).not.toBeInTheDocument();
  });

  it('limits the name to 20 characters and explains why the phone is needed', () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    renderAppAt('/report');

    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('maxLength', '20');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'A member from a bee association may need to contact you for more details',
    );
  });

  it('offers texts about the report under the phone field, ticked by default', () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    renderAppAt('/report');

    const updates = screen.getByRole('checkbox', { name: 'Text me when a beekeeper is on the way. Reply STOP to opt out.' });
    expect(updates).toBeChecked();
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    const address = screen.getByRole('combobox', { name: 'Address' });
    expect(phone.compareDocumentPosition(updates) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(updates.compareDocumentPosition(address) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('accepts only image files and previews the chosen photo', async () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    renderAppAt('/report');
    const picker = screen.getByLabelText('Photo of the swarm (optional)');
    expect(picker).toHaveAttribute('accept', 'image/*');

    // A file manager can offer any file despite accept=image/*; the picker must refuse it itself.
    fireEvent.change(picker, { target: { files: [new File(['%PDF'], 'swarm.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent(reportMessages.notAnImage);
    expect(screen.queryByRole('img', { name: /Preview/ })).not.toBeInTheDocument();

    fireEvent.change(picker, { target: { files: [new File(['jpeg'], 'swarm.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByRole('img', { name: 'Preview of the selected swarm photo' })).toHaveAttribute('src', 'blob:swarm-preview');
    expect(screen.queryByText(reportMessages.notAnImage)).not.toBeInTheDocument();
  });
});

describe('report form validation', () => {
  it('lists every problem under Errors: and sends nothing', async () => {
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user } = renderAppAt('/report');

    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555-01');
    await user.type(screen.getByRole('spinbutton', { name: /Elevation/ }), '51');
    await user.click(reportButton());

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/^Errors:/);
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      reportMessages.allFieldsRequired,
      reportMessages.elevationOutOfRange,
      reportMessages.phoneInvalid,
      reportMessages.addressNotPicked,
    ]);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');
    expect(reportPosts(requests)).toHaveLength(0);
  });

  it('refuses an address that was typed but not picked from the dropdown', async () => {
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);
    await user.type(screen.getByRole('combobox', { name: 'Address' }), ' Apt 2');

    await user.click(reportButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please select an address from the dropdown list. (It may take a few seconds to load after you start typing.)',
    );
    expect(reportPosts(requests)).toHaveLength(0);
  });

  it('names only the dropdown problem for an address typed but not picked, not "All fields must be filled out"', async () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);
    await user.type(screen.getByRole('combobox', { name: 'Address' }), ' Apt 2');

    await user.click(reportButton());

    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([reportMessages.addressNotPicked]);
    expect(screen.getByRole('combobox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("clears a field's red border and message as soon as the field is right", async () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user } = renderAppAt('/report');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '555-01');
    await user.click(reportButton());
    const name = screen.getByRole('textbox', { name: 'Name' });
    const phone = screen.getByRole('textbox', { name: 'Phone' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, 'Ada Lovelace');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent(reportMessages.allFieldsRequired);

    await user.clear(phone);
    await user.type(phone, '5035550123');
    expect(phone).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).not.toHaveTextContent(reportMessages.phoneInvalid);

    await pickAddress(user);
    expect(screen.getByRole('combobox', { name: 'Address' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).not.toHaveTextContent(reportMessages.addressNotPicked);
  });

  it('shows the spec message for a phone that is not 10 digits', async () => {
    stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user } = renderAppAt('/report');
    await fillReportForm(user, { phone: '50355501' });

    await user.click(reportButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Phone is invalid (10 digts, only numbers)');
  });
});

describe('report submission', () => {
  it('sends the multipart fields with a fresh idempotencyId and the dev bot-check token, then shows the success page', async () => {
    identificationStore.update({ size: 'Very Large', elevation: 15 });
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);
    await user.upload(screen.getByLabelText('Photo of the swarm (optional)'), new File(['jpeg'], 'swarm.jpg', { type: 'image/jpeg' }));

    await user.click(reportButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    const [fields] = reportPosts(requests);
    expect(fields).toEqual({
      reporterName: 'Ada Lovelace',
      reporterPhone: '5035550123',
      size: 'Very Large',
      elevation: '15',
      address: pickedAddress,
      placeId: 'offline:1',
      recaptchaToken: 'dev',
      idempotencyId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      reporterUpdates: 'true',
      reporterLanguage: 'en',
      image: 'file:swarm.jpg',
    });
    expect(within(notifications()).getByRole('status')).toHaveTextContent('SuccessSwarm has been reported');
    expect(await screen.findByText('Portland Beekeepers')).toBeInTheDocument();
    expect(identificationStore.get()).toEqual({});
  });

  it('sends reporterUpdates false when the reporter does not want texts', async () => {
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);
    await user.click(screen.getByRole('checkbox', { name: /Text me when a beekeeper is on the way/ }));

    await user.click(reportButton());

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    expect(reportPosts(requests)[0]).toMatchObject({ reporterUpdates: 'false' });
  });

  it('sends one report when Report! is clicked twice quickly', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = stubReportApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.dblClick(reportButton());
    await user.click(reportButton());

    expect(reportButton()).toBeDisabled();
    expect(screen.getByText('Sending your report…')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(reportPosts(requests)).toHaveLength(1));
    answer(jsonResponse({ reportId: 'r-1' }, 201));
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your report' });
    expect(reportPosts(requests)).toHaveLength(1);
  });

  it('uses a new idempotencyId for each attempt', async () => {
    const { requests } = stubReportApi(() => jsonResponse({ message: 'Service Unavailable' }, 503));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());
    await waitFor(() => expect(reportButton()).toBeEnabled());
    await user.click(reportButton());
    await waitFor(() => expect(reportPosts(requests)).toHaveLength(2));

    const [first, second] = reportPosts(requests);
    expect(first?.idempotencyId).toBeTruthy();
    expect(second?.idempotencyId).not.toBe(first?.idempotencyId);
  });
});

describe('report outcomes (spec §8)', () => {
  it.each([
    [409, reportMessages.alreadySubmitted],
    [413, 'The image you are uploading is too big. Please select a smaller image.'],
    [422, 'Please select an address from the dropdown list.'],
    [429, "Failed to verify that you're a human. Refresh the page and try again."],
  ])('a %i answer shows "%s"', async (status, message) => {
    stubReportApi(() => jsonResponse({ message: 'server wording' }, status));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent(`Error${message}`);
    expect(router.state.location.pathname).toBe('/report');
  });

  it('a 404 answer says no beekeeper was found, links to a beekeeper search and asks to tell them about the service', async () => {
    stubReportApi(() => jsonResponse({ message: 'nobody covers this place' }, 404));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    const toast = await within(notifications()).findByRole('alert');
    expect(toast).toHaveTextContent("We couldn't find any available beekeepers using our service in your area.");
    expect(within(toast).getByRole('link', { name: 'Search for beekeepers near you' })).toHaveAttribute('href', expect.stringContaining('beekeepers'));
    expect(toast).toHaveTextContent('please tell them about Swarm Alert');
    // Spec §8 calls it a warning: titled and coloured as one, not as an error.
    expect(toast.querySelector('p')).toHaveTextContent(/^Warning$/);
    expect(toast.parentElement).toHaveAttribute('data-kind', 'warning');
  });

  it("another failure shows the server's own message", async () => {
    stubReportApi(() => jsonResponse({ message: 'The report service is busy.' }, 503));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('The report service is busy.');
  });

  it('a failure without a message falls back to the generic advice', async () => {
    stubReportApi(() => new Response('', { status: 500 }));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Something went wrong. Refresh the page and try again.');
  });

  it("the gateway's validation errors are listed under Errors:", async () => {
    stubReportApi(() => jsonResponse({ message: 'Bee Size is too long', errors: ['Bee Size is too long'] }, 400));
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    await within(notifications()).findByRole('alert');
    const summary = screen.getAllByRole('alert').find((element) => element.textContent?.startsWith('Errors:'));
    expect(summary).toHaveTextContent('Bee Size is too long');
  });

  it('a connection that never answers is tried again for about half a minute, saying so, then asks to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { requests } = stubReportApi(() => {
        throw new TypeError('Failed to fetch');
      });
      const { user } = renderAppAt('/report');
      await fillReportForm(user);

      await user.click(reportButton());

      expect(await screen.findByText(submissionStatusMessages.connectionLost)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((total, delay) => total + delay, 0));
      expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Failed to submit report. Please try again.');
      const posts = reportPosts(requests);
      expect(posts).toHaveLength(RETRY_DELAYS_MS.length + 1);
      expect(new Set(posts.map((post) => post.idempotencyId)).size).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('sending the report', () => {
  it('shows the share sent as a progress bar with its percentage', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubReportApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    const bar = await screen.findByRole('progressbar', { name: 'Report sent' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    // The whole body is up; the answer is still to come.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(bar).toHaveTextContent('100%');
    expect(screen.getByText(submissionStatusMessages.sending)).toBeInTheDocument();
    answer(jsonResponse({ reportId: 'r-1' }, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
  });

  it('after a dropped connection, sends again with the same idempotencyId and takes a 409 replay as the report made', async () => {
    let tries = 0;
    const { requests } = stubReportApi(() => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      // The first try had reached the server; only its answer was lost.
      return jsonResponse({ message: reportMessages.alreadySubmitted, reportId: 'r-1' }, 409);
    });
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    expect(await screen.findByText(submissionStatusMessages.connectionLost)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'), { timeout: 3_000 });
    const [first, second, ...more] = reportPosts(requests);
    expect(more).toHaveLength(0);
    expect(second?.idempotencyId).toBe(first?.idempotencyId);
  });

  it('a first try answered 409 is the spec’s message, not a success', async () => {
    stubReportApi(() => jsonResponse({ message: reportMessages.alreadySubmitted, reportId: 'r-1' }, 409));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent(reportMessages.alreadySubmitted);
    expect(router.state.location.pathname).toBe('/report');
  });

  it('pressed offline, waits for the signal, says so, and goes once the phone is back online', async () => {
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);
    goOffline(true);
    try {
      await user.click(reportButton());

      expect(await screen.findByText(submissionStatusMessages.waitingForSignal)).toBeInTheDocument();
      expect(reportPosts(requests)).toHaveLength(0);
    } finally {
      goOffline(false);
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    expect(reportPosts(requests)).toHaveLength(1);
  });
});

/** What the browser does when the phone loses and regains its signal. */
function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('duplicate report dialog', () => {
  const duplicateThenCreated: FakeHandler = ({ body }) =>
    formFields(body).confirmDuplicate === 'true' ? jsonResponse({ reportId: 'r-1' }, 201) : jsonResponse({ reportId: 'r-0' }, 208);

  it('asks before sending a second report for an address reported in the last 3 days', async () => {
    stubReportApi(duplicateThenCreated);
    const { user } = renderAppAt('/report');
    await fillReportForm(user);

    await user.click(reportButton());

    const dialog = await screen.findByRole('alertdialog', { name: 'Please only submit one report per swarm.' });
    expect(dialog).toHaveTextContent('A swarm at this address has already been successfully reported.');
    expect(dialog).toHaveTextContent('in the last 3 days');
    expect(dialog).toHaveTextContent('several beekeepers to the same place');
    expect(dialog).toHaveTextContent('Are you sure you want to submit another report?');
    expect(within(dialog).getByRole('button', { name: 'No' })).toHaveFocus();
  });

  it('No closes the dialog and keeps the form as it was', async () => {
    const { requests } = stubReportApi(duplicateThenCreated);
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);
    await user.click(reportButton());

    await user.click(await screen.findByRole('button', { name: 'No' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/report');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    expect(reportPosts(requests)).toHaveLength(1);
  });

  it('Yes resubmits with confirmDuplicate and a new idempotencyId, and the report is created', async () => {
    const { requests } = stubReportApi(duplicateThenCreated);
    const { user, router } = renderAppAt('/report');
    await fillReportForm(user);
    await user.click(reportButton());

    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    const [first, second] = reportPosts(requests);
    expect(first?.confirmDuplicate).toBeUndefined();
    expect(second).toMatchObject({ confirmDuplicate: 'true', address: pickedAddress, reporterName: 'Ada Lovelace', reporterUpdates: 'true' });
    expect(second?.idempotencyId).not.toBe(first?.idempotencyId);
  });

  it('Escape closes the dialog like No', async () => {
    stubReportApi(duplicateThenCreated);
    const { user } = renderAppAt('/report');
    await fillReportForm(user);
    await user.click(reportButton());
    await screen.findByRole('alertdialog');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the report form in Spanish', () => {
  it('asks, checks and answers in Spanish, and sends the language with the report', async () => {
    identificationStore.update({ size: 'Softball', elevation: 8 });
    const { requests } = stubReportApi(() => jsonResponse({ reportId: 'r-1' }, 201));
    await act(() => languageStore.choose('es'));
    const { user, router } = renderAppAt('/report');

    expect(screen.getByRole('heading', { level: 1, name: 'Reportar un enjambre' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Teléfono' }), '555-01');
    await user.click(screen.getByRole('button', { name: '¡Reportar!' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/^Errores:/);
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Debe completar todos los campos',
      'El teléfono no es válido (10 dígitos, solo números)',
      'Elija una dirección de la lista desplegable. (Puede tardar unos segundos en cargarse después de que empiece a escribir).',
    ]);
    expect(reportPosts(requests)).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'Teléfono' }));
    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Lupita');
    await user.type(screen.getByRole('textbox', { name: 'Teléfono' }), '5035550123');
    await user.type(screen.getByRole('combobox', { name: 'Dirección' }), '12 Oak');
    await user.click(await screen.findByRole('option', { name: pickedAddress }));
    await user.click(screen.getByRole('button', { name: '¡Reportar!' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/success/r-1'));
    expect(reportPosts(requests)[0]).toMatchObject({ reporterLanguage: 'es', size: 'Softball' });
    expect(within(screen.getByRole('region', { name: 'Notificaciones' })).getByRole('status')).toHaveTextContent('ListoEl enjambre fue reportado');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gracias por su reporte' })).toBeInTheDocument();
  });

  it('says the answers of the gateway it knows in Spanish, and the others as the gateway wrote them', async () => {
    await languageStore.choose('es');
    const spanish = languageStore.get().messages!;
    expect(describeSubmitFailure(new ApiError(429, 'x', undefined), spanish)).toEqual({
      kind: 'error',
      message: 'No pudimos verificar que usted es una persona. Recargue la página e intente de nuevo.',
      errors: [],
    });
    expect(describeSubmitFailure(new ApiError(400, reportMessages.phoneInvalid, { errors: [reportMessages.phoneInvalid, 'Note is too long'] }), spanish)).toEqual({
      kind: 'error',
      message: 'El teléfono no es válido (10 dígitos, solo números)',
      errors: ['El teléfono no es válido (10 dígitos, solo números)', 'Note is too long'],
    });
  });
});
