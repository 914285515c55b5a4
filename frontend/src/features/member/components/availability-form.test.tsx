import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '@/testing/render-app';
import { defaultAvailability, stubMemberApi } from '@/testing/fake-member-api';

afterEach(() => {
  vi.useRealTimers();
});

async function openAvailability(...args: Parameters<typeof stubMemberApi>) {
  const api = stubMemberApi(...args);
  const rendered = renderAppAt('/member');
  const section = screen.getByRole('region', { name: 'Availability' });
  await within(section).findByRole('switch', { name: 'Do Not Disturb' });
  return { api, section, ...rendered };
}

/** Only the debounce is put on a fake clock; the data was loaded on the real one. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

/** Runs what is due now (the query library's zero-delay notifications) but not later timers such as message expiry. */
async function backToRealClock() {
  await vi.advanceTimersByTimeAsync(50);
  vi.useRealTimers();
}

const EXTRA_MILES = 'Also alert me for unclaimed swarms up to N more miles';

describe('availability form', { timeout: 20_000 }, () => {
  it('shows the stored values with hours labelled 12:00 AM to 12:00 AM', async () => {
    const { section } = await openAvailability();

    expect(within(section).getByRole('spinbutton', { name: 'Swarm Elevation (feet)' })).toHaveValue(10);
    expect(within(section).getByRole('spinbutton', { name: 'Report Address Range (miles)' })).toHaveValue(5);
    const mondayFrom = within(section).getByRole('combobox', { name: 'Monday From' });
    expect(mondayFrom).toHaveDisplayValue('5:00 PM');
    const fromLabels = within(mondayFrom).getAllByRole('option').map((option) => option.textContent);
    expect([fromLabels[0], fromLabels.at(-1), fromLabels.length]).toEqual(['12:00 AM', '11:00 PM', 24]);
    const toLabels = within(within(section).getByRole('combobox', { name: 'Saturday To' })).getAllByRole('option').map((option) => option.textContent);
    expect([toLabels[0], toLabels.at(-1), toLabels.length]).toEqual(['1:00 AM', '12:00 AM', 24]);
    expect(within(section).getAllByRole('group').map((group) => group.querySelector('legend')?.textContent)).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
  });

  it('sends one key 500 ms after typing stops, and only the last value', async () => {
    const { api, section } = await openAvailability();
    const range = within(section).getByRole('spinbutton', { name: 'Report Address Range (miles)' });

    fakeClock();
    fireEvent.change(range, { target: { value: '1' } });
    await vi.advanceTimersByTimeAsync(300);
    fireEvent.change(range, { target: { value: '12' } });
    await vi.advanceTimersByTimeAsync(499);
    expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await backToRealClock();

    await waitFor(() => expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ rangeInMiles: 12 }]));
    expect(await screen.findByText('Your availability has been updated.')).toBeInTheDocument();
  });

  it('sends changes to different fields as separate requests', async () => {
    const { api, section } = await openAvailability();

    fakeClock();
    fireEvent.change(within(section).getByRole('combobox', { name: 'Sunday From' }), { target: { value: '8' } });
    fireEvent.change(within(section).getByRole('spinbutton', { name: 'Swarm Elevation (feet)' }), { target: { value: '30' } });
    await vi.advanceTimersByTimeAsync(500);
    await backToRealClock();

    await waitFor(() => expect(api.callsTo('PUT', '/member/availability')).toHaveLength(2));
    expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual(
      expect.arrayContaining([{ sundayFrom: 8 }, { elevationMaximum: 30 }]),
    );
  });

  it.each([
    ['Report Address Range (miles)', '26', 'Range in miles cannot exceed 25.'],
    ['Swarm Elevation (feet)', '51', 'Elevation maximum cannot exceed 50.'],
  ])('refuses %s above its limit with the spec message and sends nothing', async (label, value, message) => {
    const { api, section } = await openAvailability();
    const input = within(section).getByRole('spinbutton', { name: label });

    fakeClock();
    fireEvent.change(input, { target: { value } });
    await vi.advanceTimersByTimeAsync(1_000);
    await backToRealClock();

    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
  });

  it('does not send a value typed over the limit even when a valid one was pending', async () => {
    const { api, section } = await openAvailability();
    const range = within(section).getByRole('spinbutton', { name: 'Report Address Range (miles)' });

    fakeClock();
    fireEvent.change(range, { target: { value: '2' } });
    await vi.advanceTimersByTimeAsync(200);
    fireEvent.change(range, { target: { value: '250' } });
    await vi.advanceTimersByTimeAsync(1_000);
    await backToRealClock();

    expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
  });

  it('hides the rest of the form behind Do Not Disturb and sends the switch', async () => {
    const { api, section, user } = await openAvailability();
    const dnd = within(section).getByRole('switch', { name: 'Do Not Disturb' });
    expect(dnd).toHaveAttribute('aria-checked', 'false');

    await user.click(dnd);

    expect(dnd).toHaveAttribute('aria-checked', 'true');
    expect(within(section).getByText('Uncheck "Do Not Disturb" to receive text messages.')).toBeInTheDocument();
    expect(within(section).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: 'Sunday From' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('combobox', { name: EXTRA_MILES })).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ doNotDisturb: true }]));
  });

  it('reverts the field and says why when the server refuses a change', async () => {
    const { section } = await openAvailability({}, {
      'PUT /api/member/availability': () => ({ status: 400, body: { message: 'Range in miles cannot exceed 25.' } }),
    });
    const range = within(section).getByRole('spinbutton', { name: 'Report Address Range (miles)' });

    fireEvent.change(range, { target: { value: '7' } });

    expect(await screen.findByText('Failed to update availability.')).toBeInTheDocument();
    expect(screen.getByText('Range in miles cannot exceed 25.')).toBeInTheDocument();
    expect(range).toHaveValue(5);
  });

  describe('extra miles for unclaimed swarms', () => {
    it('reads as one sentence around the number, off by default, offering Off (0) to 25 and saying when it applies', async () => {
      const { section } = await openAvailability();
      const extraMiles = within(section).getByRole('combobox', { name: EXTRA_MILES });

      expect(extraMiles).toHaveDisplayValue('Off (0)');
      const labels = within(extraMiles).getAllByRole('option').map((option) => option.textContent);
      expect([labels[0], labels[1], labels.at(-1), labels.length]).toEqual(['Off (0)', '1', '25', 26]);
      const sentence = extraMiles.closest('label');
      expect(sentence?.firstChild?.textContent).toBe('Also alert me for unclaimed swarms up to');
      expect(sentence?.lastChild?.textContent).toBe('more miles');
      expect(sentence).toHaveAttribute('for', extraMiles.id);
      expect(extraMiles).toHaveAccessibleDescription('Beyond your range, you are texted about a swarm only when nobody nearer has claimed it in time.');
    });

    it('shows the stored number', async () => {
      const { section } = await openAvailability({ availability: defaultAvailability({ extraMiles: 7 }) });
      expect(within(section).getByRole('combobox', { name: EXTRA_MILES })).toHaveDisplayValue('7');
    });

    it('sends the chosen number as its own key 500 ms after the choice, and Off as 0', async () => {
      const { api, section } = await openAvailability();
      const extraMiles = within(section).getByRole('combobox', { name: EXTRA_MILES });

      fakeClock();
      fireEvent.change(extraMiles, { target: { value: '10' } });
      await vi.advanceTimersByTimeAsync(499);
      expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await backToRealClock();

      await waitFor(() => expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ extraMiles: 10 }]));
      expect(await screen.findByText('Your availability has been updated.')).toBeInTheDocument();
      await waitFor(() => expect(extraMiles).toHaveDisplayValue('10'));

      fireEvent.change(extraMiles, { target: { value: '0' } });
      await waitFor(() => expect(api.callsTo('PUT', '/member/availability').at(-1)?.body).toEqual({ extraMiles: 0 }));
      expect(api.availability.extraMiles).toBe(0);
    });

    it('goes back to the stored number and says why when the server refuses it', async () => {
      const { section } = await openAvailability({ availability: defaultAvailability({ extraMiles: 3 }) }, {
        'PUT /api/member/availability': () => ({ status: 400, body: { message: 'Extra miles cannot exceed 25.' } }),
      });
      const extraMiles = within(section).getByRole('combobox', { name: EXTRA_MILES });

      fireEvent.change(extraMiles, { target: { value: '12' } });

      expect(await screen.findByText('Failed to update availability.')).toBeInTheDocument();
      expect(screen.getByText('Extra miles cannot exceed 25.')).toBeInTheDocument();
      expect(extraMiles).toHaveDisplayValue('3');
    });
  });

  it("stores the browser's time zone when none is stored, and lets the member change it", async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { api, section, user } = await openAvailability({ availability: defaultAvailability({ timeZone: '' }) });

    await waitFor(() => expect(api.callsTo('PUT', '/member/availability').map((call) => call.body)).toEqual([{ timeZone: browserZone }]));
    const zone = within(section).getByRole('combobox', { name: 'Time Zone' });
    await waitFor(() => expect(zone).toHaveValue(browserZone));

    await user.selectOptions(zone, 'America/Denver');

    await waitFor(() => expect(api.callsTo('PUT', '/member/availability').at(-1)?.body).toEqual({ timeZone: 'America/Denver' }));
  });

  it('leaves a stored time zone alone', async () => {
    const { api, section } = await openAvailability({ availability: defaultAvailability({ timeZone: 'America/Chicago' }) });

    expect(within(section).getByRole('combobox', { name: 'Time Zone' })).toHaveValue('America/Chicago');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('PUT', '/member/availability')).toHaveLength(0);
  });
});
