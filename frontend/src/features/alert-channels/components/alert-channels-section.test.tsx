import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultAlertChannels, stubMemberApi } from '@/testing/fake-member-api';
import { installFakePush, removeFakePush, TEST_VAPID_KEY, TEST_VAPID_KEY_BYTES } from '@/testing/fake-push';
import { renderAppAt } from '@/testing/render-app';

const THIS_DEVICE_KEY = 'swarm-alert:push-device-id';
const UPDATED = 'Your alert channels have been updated.';

afterEach(() => {
  removeFakePush();
  localStorage.clear();
});

async function openSection(...args: Parameters<typeof stubMemberApi>) {
  const api = stubMemberApi(...args);
  const rendered = renderAppAt('/member');
  const section = await screen.findByRole('region', { name: 'How to alert me' });
  await within(section).findByRole('checkbox', { name: 'Text message' });
  const box = (name: string) => within(section).getByRole('checkbox', { name });
  return { api, section, box, ...rendered };
}

describe('How to alert me', { timeout: 20_000 }, () => {
  it('shows the channels as stored, after Availability, and asks nothing of the browser on load', async () => {
    const push = installFakePush();
    const { box } = await openSection({ webPushPublicKey: TEST_VAPID_KEY });

    expect(box('Text message')).toBeChecked();
    expect(box('Notification on this device')).not.toBeChecked();
    expect(box('Email')).not.toBeChecked();
    expect(screen.getByText('When you claim a swarm, its location and the reporter’s phone come to you by text message.')).toBeInTheDocument();
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.indexOf('How to alert me')).toBe(headings.indexOf('Availability') + 1);
    expect(headings.indexOf('Active Swarms')).toBe(headings.indexOf('How to alert me') + 1);
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(push.pushManager.getSubscription).not.toHaveBeenCalled();
  });

  it('saves a tick at once and says so', async () => {
    installFakePush();
    const { api, box, user } = await openSection();

    await user.click(box('Email'));

    await waitFor(() => expect(api.callsTo('PUT', '/member/alert-channels').map((call) => call.body)).toEqual([{ email: true }]));
    expect(await screen.findByText(UPDATED)).toBeInTheDocument();
    await waitFor(() => expect(box('Email')).toBeChecked());
  });

  it('refuses to untick the only way left, and shows the server refusing it too', async () => {
    installFakePush();
    const { api, box, section, user } = await openSection({}, {
      'PUT /api/member/alert-channels': () => ({ status: 400, body: { message: 'Choose at least one way to be alerted.' } }),
    });

    await user.click(box('Text message'));

    expect(within(section).getByRole('alert')).toHaveTextContent('Choose at least one way to be alerted.');
    expect(api.callsTo('PUT', '/member/alert-channels')).toHaveLength(0);
    expect(box('Text message')).toBeChecked();

    await user.click(box('Email'));
    expect(await screen.findByText('Failed to update alert channels.')).toBeInTheDocument();
    expect(screen.getAllByText('Choose at least one way to be alerted.').length).toBeGreaterThan(0);
  });

  it('asks for permission only when the box is pressed, then subscribes, adds this device and turns notifications on', async () => {
    const push = installFakePush();
    const { api, box, section, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY });
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());

    await user.click(box('Notification on this device'));

    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.callsTo('PUT', '/member/alert-channels').map((call) => call.body)).toEqual([{ push: true }]));
    expect(push.pushManager.subscribe).toHaveBeenCalledTimes(1);
    const [options] = push.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([...TEST_VAPID_KEY_BYTES]);
    expect(api.callsTo('POST', '/member/devices').map((call) => call.body)).toEqual([
      { name: 'Chrome on Android', subscription: { endpoint: 'https://push.example/send/1', keys: { p256dh: 'BPublicKeyOfThisBrowser', auth: 'authSecret' } } },
    ]);
    expect(await screen.findByText(UPDATED)).toBeInTheDocument();
    await waitFor(() => expect(box('Notification on this device')).toBeChecked());
    expect(within(section).getByText('Chrome on Android (this device)')).toBeInTheDocument();
    expect(localStorage.getItem(THIS_DEVICE_KEY)).toBe('device-1');
  });

  it('reuses the subscription this browser already has for the same key', async () => {
    const push = installFakePush({ permission: 'granted', existingSubscription: true });
    const { api, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY });
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());

    await user.click(box('Notification on this device'));

    await waitFor(() => expect(api.callsTo('POST', '/member/devices')).toHaveLength(1));
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect((api.callsTo('POST', '/member/devices')[0]!.body as { subscription: { endpoint: string } }).subscription.endpoint).toBe('https://push.example/send/earlier');
  });

  it('explains how to allow notifications when the browser blocks them, and subscribes nothing', async () => {
    const push = installFakePush({ answer: 'denied' });
    const { api, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY });
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());

    await user.click(box('Notification on this device'));

    await waitFor(() => expect(box('Notification on this device')).toHaveAccessibleDescription(/Notifications are blocked for Swarm Alert in this browser\. To allow them, open the site settings/));
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.callsTo('POST', '/member/devices')).toHaveLength(0);
    expect(api.callsTo('PUT', '/member/alert-channels')).toHaveLength(0);
    expect(box('Notification on this device')).not.toBeChecked();
  });

  it('shows the server refusing the device, and gives up the subscription it made', async () => {
    const push = installFakePush();
    const { api, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY }, {
      'POST /api/member/devices': () => ({ status: 409, body: { message: 'This device already gets alerts for another member.' } }),
    });
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());

    await user.click(box('Notification on this device'));

    expect(await screen.findByText('This device already gets alerts for another member.')).toBeInTheDocument();
    expect(screen.getByText('Could not turn on notifications on this device.')).toBeInTheDocument();
    expect(push.subscriptions.current).toBeNull();
    expect(api.callsTo('PUT', '/member/alert-channels')).toHaveLength(0);
  });

  it('disables the option, saying why, where the server has no push key', async () => {
    installFakePush();
    const { box } = await openSection({ webPushPublicKey: '' });

    await waitFor(() => expect(box('Notification on this device')).toHaveAccessibleDescription('Notifications are not available from this Swarm Alert server yet.'));
    expect(box('Notification on this device')).toBeDisabled();
  });

  it('disables the option, saying why, in a browser without Web Push', async () => {
    installFakePush();
    Reflect.deleteProperty(window, 'PushManager');
    const { box } = await openSection({ webPushPublicKey: TEST_VAPID_KEY });

    await waitFor(() => expect(box('Notification on this device')).toHaveAccessibleDescription(/This browser cannot show notifications from a website/));
    expect(box('Notification on this device')).toBeDisabled();
  });

  it('lists the devices with the day each was added, and removes another one', async () => {
    installFakePush({ permission: 'granted' });
    localStorage.setItem(THIS_DEVICE_KEY, 'phone');
    const devices = [
      { deviceId: 'laptop', name: 'Firefox on Windows', addedAt: new Date(2026, 4, 2, 12).toISOString() },
      { deviceId: 'phone', name: 'Chrome on Android', addedAt: new Date(2026, 4, 1, 12).toISOString() },
    ];
    const { api, section, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY, alertChannels: defaultAlertChannels({ push: true, devices }) });

    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chrome on Android (this device)Added 2026-05-01'),
      expect.stringContaining('Firefox on WindowsAdded 2026-05-02'),
    ]);
    expect(box('Notification on this device')).toBeChecked();

    await user.click(within(section).getByRole('button', { name: 'Remove Firefox on Windows' }));

    await waitFor(() => expect(api.callsTo('DELETE', '/member/devices/laptop')).toHaveLength(1));
    expect(await screen.findByText('Firefox on Windows will no longer get alerts.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('PUT', '/member/alert-channels')).toHaveLength(0);
    expect(localStorage.getItem(THIS_DEVICE_KEY)).toBe('phone');
  });

  it('removing this device gives up its subscription, and the last device turns notifications off', async () => {
    const push = installFakePush({ permission: 'granted', existingSubscription: true });
    localStorage.setItem(THIS_DEVICE_KEY, 'phone');
    const devices = [{ deviceId: 'phone', name: 'Chrome on Android', addedAt: '2026-05-01T10:00:00.000Z' }];
    const { api, section, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY, alertChannels: defaultAlertChannels({ push: true, devices }) });
    const subscription = push.subscriptions.current!;

    await user.click(within(section).getByRole('button', { name: 'Remove Chrome on Android (this device)' }));

    await waitFor(() => expect(api.callsTo('PUT', '/member/alert-channels').map((call) => call.body)).toEqual([{ push: false }]));
    expect(api.callsTo('DELETE', '/member/devices/phone')).toHaveLength(1);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(localStorage.getItem(THIS_DEVICE_KEY)).toBeNull();
    expect(await within(section).findByText(/No devices yet/)).toBeInTheDocument();
    expect(box('Notification on this device')).not.toBeChecked();
  });

  it('unticking the box removes this device the same way', async () => {
    const push = installFakePush({ permission: 'granted', existingSubscription: true });
    localStorage.setItem(THIS_DEVICE_KEY, 'phone');
    const devices = [{ deviceId: 'phone', name: 'Chrome on Android', addedAt: '2026-05-01T10:00:00.000Z' }];
    const { api, box, user } = await openSection({ webPushPublicKey: TEST_VAPID_KEY, alertChannels: defaultAlertChannels({ push: true, devices }) });
    await waitFor(() => expect(box('Notification on this device')).toBeEnabled());

    await user.click(box('Notification on this device'));

    await waitFor(() => expect(api.callsTo('PUT', '/member/alert-channels').map((call) => call.body)).toEqual([{ push: false }]));
    expect(api.callsTo('DELETE', '/member/devices/phone')).toHaveLength(1);
    expect(push.subscriptions.current).toBeNull();
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(await screen.findByText(UPDATED)).toBeInTheDocument();
  });

  it('keeps the last device of a member alerted only by notifications', async () => {
    installFakePush({ permission: 'granted' });
    const devices = [{ deviceId: 'phone', name: 'Chrome on Android', addedAt: '2026-05-01T10:00:00.000Z' }];
    const { api, section, user } = await openSection({
      webPushPublicKey: TEST_VAPID_KEY,
      alertChannels: defaultAlertChannels({ sms: false, push: true, devices }),
    });

    await user.click(within(section).getByRole('button', { name: 'Remove Chrome on Android' }));

    expect(within(section).getByRole('alert')).toHaveTextContent(/tick Text message or Email before removing your last device/);
    expect(api.callsTo('DELETE', '/member/devices/phone')).toHaveLength(0);
  });

  it('sends a test alert and says which ways it comes', async () => {
    installFakePush();
    const { api, section, user } = await openSection({ alertChannels: defaultAlertChannels({ email: true }) });

    await user.click(within(section).getByRole('button', { name: 'Send me a test alert' }));

    expect(await screen.findByText('A test alert is on its way by text message and email.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/member/test-alert')).toHaveLength(1);
  });

  it('says why when no test alert could be sent', async () => {
    installFakePush();
    const reason = 'No test alert could be sent: none of the ways you chose reaches you yet.';
    const api = stubMemberApi({}, { 'POST /api/member/test-alert': () => ({ status: 409, body: { message: reason } }) });
    const { user } = renderAppAt('/member');
    const section = await screen.findByRole('region', { name: 'How to alert me' });
    await user.click(await within(section).findByRole('button', { name: 'Send me a test alert' }));

    expect(await screen.findByText('Could not send a test alert.')).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(/on its way/)).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/member/test-alert')).toHaveLength(1);
  });

  it('says when the channels could not be loaded, and tries again', async () => {
    installFakePush();
    let failures = 1;
    const { section, user } = await (async () => {
      const api = stubMemberApi({}, {
        'GET /api/member/alert-channels': () => (failures-- > 0 ? { status: 404, body: { message: 'Not found.' } } : { status: 200, body: defaultAlertChannels() }),
      });
      const rendered = renderAppAt('/member');
      const region = await screen.findByRole('region', { name: 'How to alert me' });
      return { api, section: region, ...rendered };
    })();

    expect(await within(section).findByText('We could not load how you are alerted.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('checkbox', { name: 'Text message' })).toBeChecked();
  });
});
