import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logInByMagicLink, setCookiesOf, startMemberGateway, type TestGateway } from './member-harness.js';
import { testRoute } from './test-route.js';

describe('member API', () => {
  let gateway: TestGateway;
  let cookie: string;

  beforeEach(async () => {
    gateway = await startMemberGateway({ publicUrl: 'http://localhost:8080' });
    cookie = await logInByMagicLink(gateway, 'ada@example.org');
  });
  afterEach(async () => {
    await gateway.close();
  });

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined, headers: response.headers };
  };

  describe('without a valid session', () => {
    it.each([
      ['GET', '/api/member/information'],
      ['PUT', '/api/member/information'],
      ['PUT', '/api/member/onboarding'],
      ['GET', '/api/member/availability'],
      ['PUT', '/api/member/availability'],
    ])('%s %s answers 401', async (method, path) => {
      for (const sent of ['', 'swarm_session=forged', 'swarm_session=%E0%A4%A']) {
        cookie = sent;
        const response = await call(method, path, method === 'PUT' ? { rangeInMiles: 3 } : undefined);
        expect(response.status).toBe(401);
      }
    });

    it('guards every /api/member/ route, also those other parts of the gateway add', async () => {
      const other = await startMemberGateway({
        extraRoutes: (app) => app.route({ ...testRoute('GET', '/api/member/added-elsewhere'), handler: async (request) => ({ memberId: request.memberSession?.memberId }) }),
      });
      try {
        expect((await fetch(`${other.url}/api/member/added-elsewhere`)).status).toBe(401);
        const session = await logInByMagicLink(other, 'grace@example.org');
        const allowed = await fetch(`${other.url}/api/member/added-elsewhere`, { headers: { cookie: session } });
        expect(allowed.status).toBe(200);
        expect(await allowed.json()).toEqual({ memberId: expect.any(String) });
      } finally {
        await other.close();
      }
    });

    it('answers 401 after logout, which clears the cookie', async () => {
      const logout = await call('DELETE', '/api/oauth/logout');
      expect(logout.status).toBe(204);
      expect(setCookiesOf(logout)).toEqual([{ name: 'swarm_session', value: '', attributes: ['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax'] }]);
      expect((await call('GET', '/api/member/information')).status).toBe(401);
    });
  });

  describe('cross-site requests', () => {
    it('refuses a mutation marked Sec-Fetch-Site: cross-site with 403, changing nothing', async () => {
      const response = await call('PUT', '/api/member/availability', { rangeInMiles: 20 }, { 'sec-fetch-site': 'cross-site' });
      expect(response.status).toBe(403);
      expect((await call('GET', '/api/member/availability')).body?.rangeInMiles).toBe(5);
    });

    it('refuses a mutation from a foreign Origin with 403 and accepts the public origin', async () => {
      expect((await call('PUT', '/api/member/availability', { rangeInMiles: 20 }, { origin: 'https://evil.example' })).status).toBe(403);
      expect((await call('DELETE', '/api/oauth/logout', undefined, { origin: 'http://localhost:8081' })).status).toBe(403);
      expect((await call('GET', '/api/member/information')).status).toBe(200);
      const sameOrigin = await call('PUT', '/api/member/availability', { rangeInMiles: 20 }, { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' });
      expect(sameOrigin.status).toBe(200);
    });

    it('refuses a cross-site magic-link request', async () => {
      const response = await fetch(`${gateway.url}/api/oauth/magic-login/member`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ destination: 'x@example.org', recaptchaToken: 'human' }),
      });
      expect(response.status).toBe(403);
    });

    it('lets a cross-site page read nothing but still navigate: GET calls are not refused', async () => {
      expect((await call('GET', '/api/member/information', undefined, { 'sec-fetch-site': 'cross-site' })).status).toBe(200);
    });
  });

  describe('information', () => {
    it('starts empty with the dashboard tour to show', async () => {
      expect(await call('GET', '/api/member/information').then((response) => response.body)).toEqual({
        name: '',
        phoneNumber: '',
        address: '',
        onboarding: [{ onboardingId: 1, status: 'a' }],
      });
    });

    it('stores name, phone and an address resolved to a home that covers nearby swarms', async () => {
      const response = await call('PUT', '/api/member/information', { name: 'Ada  Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA' });
      expect(response).toMatchObject({
        status: 200,
        body: { name: 'Ada Lovelace', phoneNumber: '5035550100', address: '1 Hive Way, Portland, OR, USA', onboarding: [{ onboardingId: 1, status: 'a' }] },
      });
      expect((await call('GET', '/api/member/information')).body).toEqual(response.body);
      const covering = await gateway.clients.member.findCoveringMembers({ point: { latitude: 45.5152, longitude: -122.6784 }, heightFeet: 10 });
      expect(covering.members).toHaveLength(1);
    });

    it('answers 422 with the spec message for an address not picked from the list', async () => {
      const response = await call('PUT', '/api/member/information', { name: 'Ada Lovelace', phoneNumber: '5035550100', address: 'Atlantis' });
      expect(response).toMatchObject({ status: 422, body: { message: 'Please select an address from the list.' } });
      expect((await call('GET', '/api/member/information')).body?.name).toBe('');
    });

    it.each([
      [{ name: 'Ada', phoneNumber: '5035550100' }, ['First and Last name required']],
      [{ name: `Ada ${'L'.repeat(252)}`, phoneNumber: '' }, ['Name is too long']],
      [{ name: 'Ada Lovelace', phoneNumber: '503555010' }, ['Phone is invalid (10 digts, only numbers)']],
      [{ name: 'Ada', phoneNumber: 'call me' }, ['First and Last name required', 'Phone is invalid (10 digts, only numbers)']],
    ])('answers 400 for %j listing %j', async (body, errors) => {
      const response = await call('PUT', '/api/member/information', { ...body, address: '' });
      expect(response).toMatchObject({ status: 400, body: { message: errors[0], errors } });
    });

    it('takes a null phone or address as none', async () => {
      const response = await call('PUT', '/api/member/information', { name: 'Ada Lovelace', phoneNumber: null, address: null });
      expect(response).toMatchObject({ status: 200, body: { name: 'Ada Lovelace', phoneNumber: '', address: '' } });
    });

    it('answers 400 for a body that is not the information object', async () => {
      expect((await call('PUT', '/api/member/information', { name: 42 })).status).toBe(400);
    });
  });

  describe('onboarding', () => {
    it('marks the tour completed', async () => {
      const response = await call('PUT', '/api/member/onboarding', { onboardingId: 1, status: 'c' });
      expect(response).toMatchObject({ status: 200, body: { onboarding: [{ onboardingId: 1, status: 'c' }] } });
    });

    it('refuses an unknown status or id with 400', async () => {
      expect(await call('PUT', '/api/member/onboarding', { onboardingId: 1, status: 'x' })).toMatchObject({
        status: 400,
        body: { message: "Onboarding status must be 'a' or 'c'." },
      });
      expect((await call('PUT', '/api/member/onboarding', { onboardingId: 9, status: 'c' })).status).toBe(400);
      expect((await call('PUT', '/api/member/onboarding', { onboardingId: '1', status: 'c' })).status).toBe(400);
    });
  });

  describe('availability', () => {
    it('starts with the spec defaults as flat keys', async () => {
      expect((await call('GET', '/api/member/availability')).body).toEqual({
        doNotDisturb: false,
        elevationMaximum: 10,
        rangeInMiles: 5,
        extraMiles: 0,
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
        timeZone: 'UTC',
      });
    });

    it('changes one key at a time and keeps the others', async () => {
      await call('PUT', '/api/member/availability', { rangeInMiles: 25 });
      await call('PUT', '/api/member/availability', { elevationMaximum: 50 });
      await call('PUT', '/api/member/availability', { doNotDisturb: true });
      await call('PUT', '/api/member/availability', { extraMiles: 10 });
      await call('PUT', '/api/member/availability', { mondayFrom: 0 });
      const last = await call('PUT', '/api/member/availability', { mondayTo: 24 });
      expect(last.status).toBe(200);
      expect(last.body).toMatchObject({ rangeInMiles: 25, elevationMaximum: 50, doNotDisturb: true, extraMiles: 10, mondayFrom: 0, mondayTo: 24, tuesdayFrom: 17 });
      expect((await call('GET', '/api/member/availability')).body).toEqual(last.body);
    });

    it('stores the browser time zone under its canonical name and refuses an unknown one', async () => {
      expect((await call('PUT', '/api/member/availability', { timeZone: 'america/los_angeles' })).body?.timeZone).toBe('America/Los_Angeles');
      expect(await call('PUT', '/api/member/availability', { timeZone: 'Moon/Base' })).toMatchObject({
        status: 400,
        body: { message: 'Time zone is not a known IANA time zone.' },
      });
    });

    it.each([
      [{ rangeInMiles: 26 }, 'Range in miles cannot exceed 25.'],
      [{ rangeInMiles: 0 }, 'Range in miles must be at least 1.'],
      [{ elevationMaximum: 51 }, 'Elevation maximum cannot exceed 50.'],
      [{ elevationMaximum: 0.5 }, 'Elevation maximum must be a whole number of feet.'],
      [{ sundayFrom: 24 }, 'Sunday From must be an hour from 0 to 23.'],
      [{ sundayTo: 0 }, 'Sunday To must be an hour from 1 to 24.'],
      [{ fridayFrom: 22 }, 'Friday To must be after From.'],
      [{ extraMiles: 26 }, 'Extra miles cannot exceed 25.'],
      [{ extraMiles: -1 }, 'Extra miles cannot be negative.'],
      [{ extraMiles: 2.5 }, 'Extra miles must be a whole number.'],
      [{ extraMiles: '5' }, 'Extra miles must be a number.'],
      [{ extraMiles: null }, 'Extra miles must be a number.'],
      [{ rangeInMiles: '5' }, 'Range in miles must be a number.'],
      [{ doNotDisturb: 'yes' }, 'Do Not Disturb must be true or false.'],
      [{ favouriteColour: 'gold' }, "Unknown availability field 'favouriteColour'."],
    ])('answers 400 for %j with %j, changing nothing', async (body, message) => {
      const response = await call('PUT', '/api/member/availability', body);
      expect(response).toMatchObject({ status: 400, body: { message } });
      expect((await call('GET', '/api/member/availability')).body).toMatchObject({ rangeInMiles: 5, elevationMaximum: 10, extraMiles: 0, sundayFrom: 9, fridayFrom: 17 });
    });

    it('answers 400 for an empty change', async () => {
      expect((await call('PUT', '/api/member/availability', {})).status).toBe(400);
    });
  });
});
