import { useId, useMemo, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Checkbox, CheckboxLabel, FieldError, Hint, SectionCard, SectionHeading } from '@/components/ui/form-parts';
import { LoadFailed } from '@/components/ui/load-failed';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { useNotify } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { useAddPushDevice } from '../api/add-push-device';
import { useAlertChannels, type AlertChannels, type PushDevice } from '../api/get-alert-channels';
import { useRemovePushDevice } from '../api/remove-push-device';
import { useSendTestAlert } from '../api/send-test-alert';
import { useUpdateAlertChannels, type AlertChannelsChange } from '../api/update-alert-channels';
import { alertChannelMessages, channelLabels, formatAddedDate, leavesSomeChannel, locationArrivesMessage, testAlertSentMessage } from '../lib/alert-channel-rules';
import { guessDeviceName, pushAvailability, thisDevice, subscribeThisDevice, unsubscribeThisDevice, type PushAvailability } from '../lib/push-device';

const ANCHOR = 'alert-channels';

const errorDetail = (error: unknown): string | undefined => (error instanceof Error && error.message ? error.message : undefined);

/**
 * 'How to alert me': text message, a notification on each of the member's devices, email, in any combination (at
 * least one). Each tick is saved at once; notifications are set up on the device the box is ticked on.
 */
export function AlertChannelsSection() {
  const channels = useAlertChannels();
  const config = usePublicConfig();
  const headingId = `${ANCHOR}-heading`;

  const availability: PushAvailability | undefined = config.isPending
    ? undefined
    : config.isError
      ? { available: false, reason: 'Could not check whether notifications are available. Reload the page to try again.' }
      : pushAvailability(config.data.webPushPublicKey);

  return (
    <SectionCard id={ANCHOR} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>How to alert me</SectionHeading>
      {channels.data ? (
        <AlertChannelsForm channels={channels.data} webPushPublicKey={config.data?.webPushPublicKey ?? ''} availability={availability} />
      ) : (
        channels.isError && <LoadFailed what="how you are alerted" onRetry={() => void channels.refetch()} />
      )}
    </SectionCard>
  );
}

const notificationPermission = (): NotificationPermission | undefined => ('Notification' in window ? Notification.permission : undefined);

interface AlertChannelsFormProps {
  channels: AlertChannels;
  webPushPublicKey: string;
  /** Undefined while the server's settings load. */
  availability: PushAvailability | undefined;
}

function AlertChannelsForm({ channels, webPushPublicKey, availability }: AlertChannelsFormProps) {
  const ids = { hint: useId(), location: useId(), push: useId(), pushNote: useId(), problem: useId(), devices: useId() };
  const notify = useNotify();
  const update = useUpdateAlertChannels();
  const addDevice = useAddPushDevice();
  const removeDevice = useRemovePushDevice();
  const testAlert = useSendTestAlert();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [pushProblem, setPushProblem] = useState<string>();
  const [thisDeviceId, setThisDeviceId] = useState(() => thisDevice.id());

  const thisDeviceAdded = channels.devices.some((device) => device.deviceId === thisDeviceId);
  const pushHere = channels.push && thisDeviceAdded;
  // Read, never asked, on load: a member who blocked notifications after ticking the box is told why none arrive.
  const blockedHere = pushHere && notificationPermission() === 'denied';
  const pushNote = pushProblem ?? (blockedHere ? alertChannelMessages.permissionDenied : undefined) ?? (availability?.available === false ? availability.reason : undefined);
  const pushDisabled = busy || !availability?.available;
  const devices = useMemo(
    () => [...channels.devices].sort((a, b) => Number(b.deviceId === thisDeviceId) - Number(a.deviceId === thisDeviceId)),
    [channels.devices, thisDeviceId],
  );

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const save = async (change: AlertChannelsChange, { quiet = false } = {}): Promise<boolean> => {
    try {
      await update.mutateAsync(change);
      if (!quiet) notify.success(alertChannelMessages.updated);
      return true;
    } catch (error) {
      notify.error(alertChannelMessages.updateFailed, errorDetail(error));
      return false;
    }
  };

  const clearProblems = () => {
    setProblem(undefined);
    setPushProblem(undefined);
  };

  const toggle = (channel: 'sms' | 'email', on: boolean) => {
    clearProblems();
    if (!leavesSomeChannel(channels, { [channel]: on })) {
      setProblem(alertChannelMessages.atLeastOne);
      return;
    }
    void run(async () => {
      await save({ [channel]: on });
    });
  };

  /** Removes a device; for this one, also gives up the browser's subscription; the last one takes push off. */
  const remove = async (device: PushDevice, { announce }: { announce: 'channels' | 'device' }) => {
    const devicesLeft = channels.devices.filter((other) => other.deviceId !== device.deviceId);
    try {
      await removeDevice.mutateAsync(device.deviceId);
    } catch (error) {
      notify.error(alertChannelMessages.removeFailed, errorDetail(error));
      return;
    }
    if (device.deviceId === thisDeviceId) {
      await unsubscribeThisDevice();
      thisDevice.forget();
      setThisDeviceId(undefined);
    }
    const pushOff = channels.push && devicesLeft.length === 0;
    if (pushOff && !(await save({ push: false }, { quiet: true }))) return;
    if (announce === 'channels') notify.success(alertChannelMessages.updated);
    else notify.success(alertChannelMessages.deviceRemoved(device.name));
  };

  const turnOnPushHere = () => {
    clearProblems();
    // Asked first, in the press itself: browsers show the question only in answer to the member's own action.
    const asked = Notification.requestPermission();
    void run(async () => {
      const permission = await asked;
      if (permission !== 'granted') {
        setPushProblem(permission === 'denied' ? alertChannelMessages.permissionDenied : alertChannelMessages.permissionDismissed);
        return;
      }
      // Added earlier (the server then refused to turn notifications on): only the switch is left to send.
      if (!thisDeviceAdded && !(await addThisDevice())) return;
      await save({ push: true });
    });
  };

  /** Subscribes this browser and adds it to the member's devices; false (with the reason shown) when it could not. */
  const addThisDevice = async (): Promise<boolean> => {
    let subscription;
    try {
      subscription = await subscribeThisDevice(webPushPublicKey);
    } catch (error) {
      notify.error(alertChannelMessages.pushFailed, errorDetail(error));
      return false;
    }
    try {
      const device = await addDevice.mutateAsync({ name: guessDeviceName(navigator.userAgent, navigator.maxTouchPoints), subscription });
      thisDevice.remember(device.deviceId);
      setThisDeviceId(device.deviceId);
      return true;
    } catch (error) {
      // Nothing was added: a fresh subscription next time rather than one the server refused.
      await unsubscribeThisDevice();
      notify.error(alertChannelMessages.pushFailed, errorDetail(error));
      return false;
    }
  };

  const turnOffPushHere = () => {
    clearProblems();
    const here = channels.devices.find((device) => device.deviceId === thisDeviceId);
    if (!here) return;
    if (!leavesSomeChannel(channels, { devicesLeft: channels.devices.filter((device) => device !== here) })) {
      setProblem(alertChannelMessages.atLeastOne);
      return;
    }
    void run(() => remove(here, { announce: 'channels' }));
  };

  const removeListed = (device: PushDevice) => {
    clearProblems();
    if (!leavesSomeChannel(channels, { devicesLeft: channels.devices.filter((other) => other !== device) })) {
      setProblem(alertChannelMessages.lastDevice);
      return;
    }
    void run(() => remove(device, { announce: 'device' }));
  };

  const sendTest = () => {
    clearProblems();
    void run(async () => {
      try {
        const sent = await testAlert.mutateAsync();
        notify.success(testAlertSentMessage(sent.channels));
      } catch (error) {
        notify.error(alertChannelMessages.testFailed, errorDetail(error));
      }
    });
  };

  return (
    <Body>
      <Channels aria-describedby={`${ids.hint} ${ids.location}${problem ? ` ${ids.problem}` : ''}`}>
        <Legend>Alert me by</Legend>
        <Hint id={ids.hint}>You are alerted each way you tick; at least one is needed.</Hint>
        <Hint id={ids.location}>{locationArrivesMessage(channels)}</Hint>
        <CheckboxLabel>
          <Checkbox checked={channels.sms} disabled={busy} onChange={(event) => toggle('sms', event.target.checked)} />
          <span>{channelLabels.sms}</span>
        </CheckboxLabel>
        <div>
          <CheckboxLabel htmlFor={ids.push}>
            <Checkbox
              id={ids.push}
              checked={pushHere}
              disabled={pushDisabled}
              aria-describedby={pushNote ? ids.pushNote : undefined}
              onChange={(event) => (event.target.checked ? turnOnPushHere() : turnOffPushHere())}
            />
            <span>{channelLabels.push}</span>
          </CheckboxLabel>
          {pushNote && (
            <PushNote id={ids.pushNote} role={pushProblem ? 'alert' : undefined}>
              {pushNote}
            </PushNote>
          )}
        </div>
        <CheckboxLabel>
          <Checkbox checked={channels.email} disabled={busy} onChange={(event) => toggle('email', event.target.checked)} />
          <span>{channelLabels.email}</span>
        </CheckboxLabel>
        {problem && (
          <FieldError id={ids.problem} role="alert">
            {problem}
          </FieldError>
        )}
      </Channels>

      <Devices role="group" aria-labelledby={ids.devices}>
        <h3 id={ids.devices}>Devices that get notifications</h3>
        {devices.length === 0 ? (
          <Hint>{alertChannelMessages.noDevices}</Hint>
        ) : (
          <DeviceList>
            {devices.map((device) => {
              const here = device.deviceId === thisDeviceId;
              const added = formatAddedDate(device.addedAt);
              return (
                <DeviceRow key={device.deviceId}>
                  <DeviceFacts>
                    <strong>
                      {device.name}
                      {here && ' (this device)'}
                    </strong>
                    {added && <span>{`Added ${added}`}</span>}
                  </DeviceFacts>
                  <Button type="button" $variant="secondary" disabled={busy} aria-label={`Remove ${device.name}${here ? ' (this device)' : ''}`} onClick={() => removeListed(device)}>
                    Remove
                  </Button>
                </DeviceRow>
              );
            })}
          </DeviceList>
        )}
      </Devices>

      <TestAlert>
        <Button type="button" $variant="secondary" disabled={busy} onClick={sendTest}>
          Send me a test alert
        </Button>
        <Hint>It comes every way you are alerted, marked as a test: it claims nothing.</Hint>
      </TestAlert>
      <Status role="status">{busy ? 'Saving…' : ''}</Status>
    </Body>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Channels = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: none;
`;

const Legend = styled.legend`
  ${visuallyHidden}
`;

const PushNote = styled(Hint)`
  margin: 0 0 ${({ theme }) => theme.space.sm} calc(24px + ${({ theme }) => theme.space.sm});
`;

const Devices = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
`;

const DeviceList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const DeviceRow = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const DeviceFacts = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow-wrap: anywhere;

  span {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }
`;

const TestAlert = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
`;

const Status = styled.p`
  ${visuallyHidden}
`;
