import { describe, expect, it, vi } from 'vitest';
import { ALERT_BADGE, ALERT_ICON, handleSwarmAlerts, NO_CONNECTION, readSwarmAlert } from './push';

const origin = 'https://swarm.example';
const claimUrl = `${origin}/api/alerts/claim`;

const alertMessage = (overrides: Record<string, unknown> = {}) => ({
  type: 'swarm-alert',
  title: 'Swarm Alert',
  body: 'Basketball swarm, 6 ft up, 2.3 mi from home, in Springfield. Claim code 01234',
  image: `${origin}/api/alerts/claim/tok.en-1/thumbnail`,
  tag: 'swarm-report-r-1',
  claimCode: '01234',
  claimToken: 'tok.en-1',
  claimUrl,
  actions: [
    { action: 'claim', title: 'Claim' },
    { action: 'not-now', title: 'Not now' },
  ],
  ...overrides,
});

type Listener = (event: unknown) => void;

/** A notification as the worker sees it in a click: its tag and data, and whether it was closed. */
class FakeNotification {
  close = vi.fn();
  constructor(
    readonly tag: string,
    readonly data: unknown,
  ) {}
}

/** The worker's global scope, as far as push.ts uses it: listeners, its registration, its windows and fetch. */
function fakeWorker({ windows = [] as { url: string; focus: ReturnType<typeof vi.fn> }[] } = {}) {
  const listeners = new Map<string, Listener>();
  const worker = {
    location: { origin },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: vi.fn(async (_title: string, _options?: Record<string, unknown>) => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
    fetch: vi.fn<typeof fetch>(),
  };
  handleSwarmAlerts(worker as unknown as ServiceWorkerGlobalScope);

  /** Dispatches an event and waits for everything it handed to waitUntil. */
  const dispatch = async (type: string, fields: Record<string, unknown>) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
    return pending.length;
  };
  const push = (message: string | null) => dispatch('push', { data: message === null ? null : { text: () => message } });
  const click = (notification: FakeNotification, action = '') => dispatch('notificationclick', { notification, action });
  const shown = () => worker.registration.showNotification.mock.calls.map(([title, options]): Record<string, unknown> => ({ title, ...options }));
  return { worker, push, click, shown };
}

const alertNotification = () => new FakeNotification('swarm-report-r-1', { claimToken: 'tok.en-1', claimUrl, claimCode: '01234' });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('a swarm alert pushed to the phone', () => {
  it('is shown with the picture, the app icon, Claim and Not now, and the claim token in its data, until answered', async () => {
    const { push, shown } = fakeWorker();

    expect(await push(JSON.stringify(alertMessage()))).toBe(1);

    expect(shown()).toEqual([
      {
        title: 'Swarm Alert',
        body: 'Basketball swarm, 6 ft up, 2.3 mi from home, in Springfield. Claim code 01234',
        image: `${origin}/api/alerts/claim/tok.en-1/thumbnail`,
        icon: ALERT_ICON,
        badge: ALERT_BADGE,
        tag: 'swarm-report-r-1',
        renotify: false,
        requireInteraction: true,
        data: { claimToken: 'tok.en-1', claimUrl, claimCode: '01234' },
        actions: [
          { action: 'claim', title: 'Claim' },
          { action: 'not-now', title: 'Not now' },
        ],
      },
    ]);
  });

  it('is shown without a picture when the report has none, and reads a picture path against the site', async () => {
    const { push, shown } = fakeWorker();

    await push(JSON.stringify(alertMessage({ image: undefined })));
    await push(JSON.stringify(alertMessage({ image: '/api/alerts/claim/tok.en-1/thumbnail' })));

    expect(shown()[0]).not.toHaveProperty('image');
    expect(shown()[1]?.image).toBe(`${origin}/api/alerts/claim/tok.en-1/thumbnail`);
  });

  it.each([
    ['no data', null],
    ['text that is not JSON', 'Swarm!'],
    ['JSON that is not an object', '["swarm-alert"]'],
    ['another type of message', JSON.stringify(alertMessage({ type: 'newsletter' }))],
    ['an alert without a claim token', JSON.stringify(alertMessage({ claimToken: '' }))],
    ['an alert without a title', JSON.stringify(alertMessage({ title: 42 }))],
    ['an alert whose claim address is a script', JSON.stringify(alertMessage({ claimUrl: 'javascript:alert(1)' }))],
  ])('is ignored when the message is %s', async (_case, message) => {
    const { push, shown } = fakeWorker();

    expect(await push(message)).toBe(0);
    expect(shown()).toEqual([]);
  });

  it('drops a picture that is not a web address and buttons it does not know', () => {
    const alert = readSwarmAlert(
      JSON.stringify(alertMessage({ image: 'data:image/png;base64,AAAA', actions: [{ action: 'claim', title: 'Claim' }, { action: 'delete', title: 'Delete' }] })),
      origin,
    );

    expect(alert?.image).toBeUndefined();
    expect(alert?.actions).toEqual([{ action: 'claim', title: 'Claim' }]);
  });
});

describe('a claimed swarm’s location pushed to the phone', () => {
  const locationMessage = (overrides: Record<string, unknown> = {}) => ({
    type: 'swarm-location',
    title: 'Swarm 01234 is yours',
    body: 'Address: 1 Hive Lane, Springfield. Reporter: Sam Reed 217-555-1234',
    tag: 'swarm-report-r-1',
    url: 'https://maps.google.com/?q=39.78170,-89.65010',
    ...overrides,
  });

  it('is shown in the alert’s place, and a tap opens the map', async () => {
    const { worker, push, click, shown } = fakeWorker();

    expect(await push(JSON.stringify(locationMessage()))).toBe(1);
    expect(shown()).toEqual([
      {
        title: 'Swarm 01234 is yours',
        body: 'Address: 1 Hive Lane, Springfield. Reporter: Sam Reed 217-555-1234',
        icon: ALERT_ICON,
        badge: ALERT_BADGE,
        tag: 'swarm-report-r-1',
        renotify: true,
        requireInteraction: true,
        data: { openUrl: 'https://maps.google.com/?q=39.78170,-89.65010' },
      },
    ]);
    const notification = new FakeNotification('swarm-report-r-1', shown()[0]!.data);
    await click(notification);
    expect(notification.close).toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith('https://maps.google.com/?q=39.78170,-89.65010');
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('opens the member’s claimed swarms instead of a map that is not a web address', async () => {
    const { push, shown } = fakeWorker();
    await push(JSON.stringify(locationMessage({ url: 'javascript:alert(1)' })));
    expect(shown()[0]?.data).toEqual({ openUrl: `${origin}/member#claimed-swarms` });
    expect(await push(JSON.stringify(locationMessage({ title: '' })))).toBe(0);
  });
});

describe('answering the alert', () => {
  it('claims with Claim, without a session, then replaces the alert with the location', async () => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockResolvedValue(
      json({ outcome: 'claimed', message: 'Swarm 01234 is at 1 Hive Lane, Springfield. Call the reporter, Sam, at 555-123-4567.', claimCode: '01234' }),
    );
    const notification = alertNotification();

    await click(notification, 'claim');

    expect(worker.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = worker.fetch.mock.calls[0]!;
    expect(url).toBe(claimUrl);
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok.en-1' });
    expect(notification.close).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
    expect(shown()).toEqual([
      expect.objectContaining({
        title: 'Swarm 01234 is yours',
        body: 'Swarm 01234 is at 1 Hive Lane, Springfield. Call the reporter, Sam, at 555-123-4567.',
        tag: 'swarm-report-r-1',
        data: { claimToken: 'tok.en-1', claimUrl, claimCode: '01234' },
      }),
    ]);
    expect(shown()[0]).not.toHaveProperty('actions');
  });

  it('says once that the swarm is yours: the body gives the address and the reporter', async () => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockResolvedValue(json({ outcome: 'claimed', message: 'Address: 1 Hive Lane, Springfield. Reporter: Sam Reed 217-555-1234', claimCode: '01234' }));
    await click(alertNotification(), 'claim');
    expect(shown()).toEqual([expect.objectContaining({ title: 'Swarm 01234 is yours', body: 'Address: 1 Hive Lane, Springfield. Reporter: Sam Reed 217-555-1234' })]);

    worker.fetch.mockResolvedValue(json({ outcome: 'already-yours', message: 'Swarm 01234 is yours. Address: 1 Hive Lane.', claimCode: '01234' }));
    await click(alertNotification(), 'claim');
    expect(shown()[1]).toEqual(expect.objectContaining({ title: 'Swarm 01234 is yours', body: 'Address: 1 Hive Lane.' }));
  });

  it.each([
    ['already-yours', 'Swarm 01234 is at 1 Hive Lane.', { title: 'Swarm 01234 is yours', body: 'Swarm 01234 is at 1 Hive Lane.' }],
    ['taken', 'Another beekeeper claimed it first.', { title: 'Another beekeeper claimed it first', body: '' }],
    ['over', 'This swarm can no longer be claimed.', { title: 'This swarm can no longer be claimed.', body: '' }],
    ['test', 'This was a test alert: nothing was claimed.', { title: 'This was a test alert: nothing was claimed.', body: '' }],
  ])('answers the outcome %s', async (outcome, message, expected) => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockResolvedValue(json({ outcome, message, claimCode: outcome === 'test' ? '' : '01234' }));

    await click(alertNotification(), 'claim');

    expect(shown()).toEqual([expect.objectContaining(expected)]);
  });

  it.each([
    [404, 'This claim link is not valid.'],
    [410, 'This swarm can no longer be claimed.'],
  ])('shows the message of a %i refusal', async (status, message) => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockResolvedValue(json({ message }, status));

    await click(alertNotification(), 'claim');

    expect(shown()).toEqual([expect.objectContaining({ title: message, body: '' })]);
  });

  it('says so when there is no connection, and the answer still opens the claim page', async () => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const notification = alertNotification();

    await click(notification, 'claim');

    expect(notification.close).toHaveBeenCalled();
    expect(shown()).toEqual([expect.objectContaining({ title: NO_CONNECTION, data: { claimToken: 'tok.en-1', claimUrl, claimCode: '01234' } })]);
  });

  it('shows a general failure for an answer it cannot read', async () => {
    const { worker, click, shown } = fakeWorker();
    worker.fetch.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    await click(alertNotification(), 'claim');

    expect(shown()).toEqual([expect.objectContaining({ title: 'Could not claim the swarm. Open the alert to try again.' })]);
  });

  it('only closes the alert with Not now', async () => {
    const { worker, click, shown } = fakeWorker();
    const notification = alertNotification();

    expect(await click(notification, 'not-now')).toBe(0);

    expect(notification.close).toHaveBeenCalled();
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
    expect(shown()).toEqual([]);
  });

  it('opens the claim page in a new window on a tap on the alert, and never claims', async () => {
    const { worker, click } = fakeWorker();
    const notification = alertNotification();

    await click(notification);

    expect(notification.close).toHaveBeenCalled();
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).toHaveBeenCalledWith(`${origin}/claim/tok.en-1`);
  });

  it('focuses a tab already showing the claim page rather than opening another', async () => {
    const focus = vi.fn(async () => undefined);
    const { worker, click } = fakeWorker({ windows: [{ url: `${origin}/member`, focus: vi.fn() }, { url: `${origin}/claim/tok.en-1`, focus }] });

    await click(alertNotification());

    expect(focus).toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it('leaves notifications it did not show alone, but closes them', async () => {
    const { worker, click } = fakeWorker();
    const notification = new FakeNotification('other', { something: 'else' });

    await click(notification, 'claim');

    expect(notification.close).toHaveBeenCalled();
    expect(worker.fetch).not.toHaveBeenCalled();
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });
});
