import { vi } from 'vitest';
import type { AlertChannels } from '@/features/alert-channels/api/get-alert-channels';
import type { Availability } from '@/features/member/api/get-availability';
import type { MemberInformation } from '@/features/member/api/get-information';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type Handler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

export const completeInformation = (overrides: Partial<MemberInformation> = {}): MemberInformation => ({
  name: 'Ada Lovelace',
  phoneNumber: '5551234567',
  address: '1 Hive Lane, Springfield, IL, USA',
  onboarding: [{ onboardingId: 1, status: 'c' }],
  ...overrides,
});

export const defaultAvailability = (overrides: Partial<Availability> = {}): Availability => ({
  doNotDisturb: false,
  elevationMaximum: 10,
  rangeInMiles: 5,
  extraMiles: 0,
  // The zone of the machine running the test, as the browser stored it at the first login (no time-zone prompt).
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  sundayFrom: 9,
  sundayTo: 22,
  mondayFrom: 17,
  mondayTo: 22,
  tuesdayFrom: 17,
  tuesdayTo: 22,
  wednesdayFrom: 17,
  wednesdayTo: 22,
  thursdayFrom: 17,
  thursdayTo: 22,
  fridayFrom: 17,
  fridayTo: 22,
  saturdayFrom: 9,
  saturdayTo: 22,
  ...overrides,
});

/** Text messages only, no device: a new member's alert channels. */
export const defaultAlertChannels = (overrides: Partial<AlertChannels> = {}): AlertChannels => ({
  sms: true,
  push: false,
  email: false,
  devices: [],
  ...overrides,
});

/**
 * Replaces fetch with a small in-memory gateway for the member calls of spec §7: it keeps the member's
 * information and availability, applies PUTs to them like the server would, and records every call.
 * `override` answers a call differently (an error, a slow answer) for one test.
 */
export function stubMemberApi(
  state: { information?: MemberInformation; availability?: Availability; alertChannels?: AlertChannels; places?: string[]; webPushPublicKey?: string } = {},
  overrides: Record<string, Handler> = {},
) {
  const information = { ...(state.information ?? completeInformation()) };
  const availability = { ...(state.availability ?? defaultAvailability()) };
  const alertChannels = { ...(state.alertChannels ?? defaultAlertChannels()) };
  alertChannels.devices = [...alertChannels.devices];
  const places = state.places ?? ['1 Hive Lane, Springfield, IL, USA'];
  let nextDevice = 1;
  const calls: RecordedCall[] = [];

  const builtIn: Record<string, Handler> = {
    'GET /api/config': () => ({
      status: 200,
      body: { recaptchaSiteKey: null, alertSenderNumber: null, reporterDataDays: 30, loginProviders: { google: true }, webPushPublicKey: state.webPushPublicKey ?? '', mapTiles: null },
    }),
    'GET /api/member/information': () => ({ status: 200, body: information }),
    'PUT /api/member/information': ({ body }) => {
      Object.assign(information, body);
      return { status: 200, body: information };
    },
    'PUT /api/member/onboarding': ({ body }) => {
      const entry = body as { onboardingId: number; status: 'a' | 'c' };
      information.onboarding = information.onboarding.map((current) => (current.onboardingId === entry.onboardingId ? entry : current));
      return { status: 200, body: information };
    },
    'GET /api/member/availability': () => ({ status: 200, body: availability }),
    'PUT /api/member/availability': ({ body }) => {
      Object.assign(availability, body);
      return { status: 200, body: availability };
    },
    'GET /api/member/alert-channels': () => ({ status: 200, body: alertChannels }),
    'PUT /api/member/alert-channels': ({ body }) => {
      const change = body as Partial<Pick<AlertChannels, 'sms' | 'push' | 'email'>>;
      const next = { sms: change.sms ?? alertChannels.sms, push: change.push ?? alertChannels.push, email: change.email ?? alertChannels.email };
      if (!next.sms && !next.push && !next.email) return { status: 400, body: { message: 'Choose at least one way to be alerted.' } };
      Object.assign(alertChannels, next);
      return { status: 200, body: alertChannels };
    },
    'POST /api/member/devices': ({ body }) => {
      const { name } = body as { name: string };
      const device = { deviceId: `device-${nextDevice++}`, name, addedAt: '2026-06-01T14:05:09.000Z' };
      alertChannels.devices.push(device);
      return { status: 201, body: device };
    },
    'POST /api/member/test-alert': () => ({
      status: 202,
      body: { channels: (['sms', 'push', 'email'] as const).filter((channel) => alertChannels[channel]) },
    }),
    // The report lists have their own fakes (features/member-reports/testing); the profile starts with none.
    'GET /api/member/report/active': () => ({ status: 200, body: [] }),
    'GET /api/member/report/claimed': () => ({ status: 200, body: [] }),
    'GET /api/places/autocomplete': () => ({
      status: 200,
      body: { suggestions: places.map((description, index) => ({ description, placeId: `place-${index}` })) },
    }),
    'POST /api/oauth/magic-login/member': () => ({ status: 200, body: { message: 'Success! Check for your email for a link to login.' } }),
    'DELETE /api/oauth/logout': () => ({ status: 204 }),
  };

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const removedDevice = method === 'DELETE' && /^\/api\/member\/devices\/([^/]+)$/.exec(url.pathname)?.[1];
    if (removedDevice && !overrides[key]) {
      alertChannels.devices = alertChannels.devices.filter((device) => device.deviceId !== decodeURIComponent(removedDevice));
      return new Response(null, { status: 204 });
    }
    const handler = overrides[key] ?? builtIn[key];
    const answer = handler ? await handler(call) : { status: 404, body: { message: 'Not found.' } };
    return answer.body === undefined
      ? new Response(null, { status: answer.status })
      : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    information,
    availability,
    alertChannels,
    /** The calls made to one method and path (query string ignored). */
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path.split('?')[0] === `/api${path}`),
  };
}
