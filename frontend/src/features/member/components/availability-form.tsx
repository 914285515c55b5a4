import { useEffect, useId, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { weekDays, type Availability, type AvailabilityKey, type WeekDay } from '../api/get-availability';
import { useUpdateAvailability, type AvailabilityChange } from '../api/update-availability';
import {
  AVAILABILITY_DEBOUNCE_MS,
  availabilityMessages,
  browserTimeZone,
  ELEVATION_MAX,
  ELEVATION_MIN,
  extraMilesChoices,
  extraMilesLabel,
  fromHours,
  fromKey,
  hourLabel,
  numberFieldError,
  RANGE_MAX,
  RANGE_MIN,
  timeZoneChoices,
  timeZoneLabel,
  isUnsetTimeZone,
  toHours,
  toKey,
} from '../lib/availability-rules';
import { useNotify } from '@/lib/notify';
import { Field, FieldError, Hint, Select, TextInput } from '@/components/ui/form-parts';

type NumberKey = 'elevationMaximum' | 'rangeInMiles';
type Drafts = Partial<{ [K in AvailabilityKey]: Availability[K] }>;

const dayName = (day: WeekDay) => day.charAt(0).toUpperCase() + day.slice(1);

/**
 * Spec §2 and §5: every change is saved on its own, as one key, 500 ms after the member stops changing that
 * field; a value out of its limits is explained and not sent.
 */
export function AvailabilityForm({ availability }: { availability: Availability }) {
  const ids = {
    elevation: useId(),
    range: useId(),
    extraMiles: useId(),
    extraMilesHint: useId(),
    timeZone: useId(),
    elevationError: useId(),
    rangeError: useId(),
    dnd: useId(),
  };
  const notify = useNotify();
  const { mutateAsync } = useUpdateAvailability();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [numberTexts, setNumberTexts] = useState<Partial<Record<NumberKey, string>>>({});
  const timers = useRef(new Map<AvailabilityKey, { timer: ReturnType<typeof setTimeout>; send: () => void }>());

  const value = <K extends AvailabilityKey>(key: K): Availability[K] => (drafts[key] ?? availability[key]) as Availability[K];

  const send = (change: AvailabilityChange, { quiet = false } = {}) =>
    mutateAsync(change).then(
      () => {
        if (!quiet) notify.success(availabilityMessages.updated);
      },
      (error: unknown) => {
        // The field goes back to what the server holds, so the screen never shows an unsaved value as saved.
        setDrafts(({ [change.key]: _dropped, ...rest }) => rest);
        if (change.key === 'elevationMaximum' || change.key === 'rangeInMiles') {
          setNumberTexts(({ [change.key as NumberKey]: _text, ...rest }) => rest);
        }
        notify.error(availabilityMessages.updateFailed, error instanceof Error ? error.message : undefined);
      },
    );

  const cancelPending = (key: AvailabilityKey) => {
    const pending = timers.current.get(key);
    if (pending) clearTimeout(pending.timer);
    timers.current.delete(key);
  };

  const schedule = (change: AvailabilityChange) => {
    cancelPending(change.key);
    const fire = () => {
      timers.current.delete(change.key);
      void send(change);
    };
    timers.current.set(change.key, { timer: setTimeout(fire, AVAILABILITY_DEBOUNCE_MS), send: fire });
  };

  const change = (next: AvailabilityChange) => {
    setDrafts((current) => ({ ...current, [next.key]: next.value }));
    schedule(next);
  };

  // Leaving the page within the 500 ms must not lose the last change.
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const { timer, send: fire } of [...pending.values()]) {
        clearTimeout(timer);
        fire();
      }
    };
  }, []);

  // Availability hours mean the member's local hours, so a member without a stored zone gets the browser's.
  const timeZoneSent = useRef(false);
  useEffect(() => {
    if (!isUnsetTimeZone(availability.timeZone) || timeZoneSent.current) return;
    if (availability.timeZone === browserTimeZone()) return;
    timeZoneSent.current = true;
    const zone = browserTimeZone();
    setDrafts((current) => ({ ...current, timeZone: zone }));
    void send({ key: 'timeZone', value: zone }, { quiet: true });
    // `send` is left out of the dependencies: it is recreated every render and does not change what is sent.
  }, [availability.timeZone]);

  const onNumberChange = (key: NumberKey, text: string) => {
    setNumberTexts((current) => ({ ...current, [key]: text }));
    if (numberFieldError(key, text)) {
      cancelPending(key);
      return;
    }
    change({ key, value: Number(text) });
  };

  const numberText = (key: NumberKey) => numberTexts[key] ?? String(availability[key]);
  const elevationError = numberTexts.elevationMaximum === undefined ? undefined : numberFieldError('elevationMaximum', numberTexts.elevationMaximum);
  const rangeError = numberTexts.rangeInMiles === undefined ? undefined : numberFieldError('rangeInMiles', numberTexts.rangeInMiles);
  const doNotDisturb = value('doNotDisturb');
  const timeZone = value('timeZone');
  // Some 400 zones: built once per chosen zone rather than on every keystroke.
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);

  return (
    <Form onSubmit={(event) => event.preventDefault()} noValidate>
      <SwitchRow>
        <span id={ids.dnd}>Do Not Disturb</span>
        <Switch
          type="button"
          role="switch"
          aria-checked={doNotDisturb}
          aria-labelledby={ids.dnd}
          $on={doNotDisturb}
          onClick={() => change({ key: 'doNotDisturb', value: !doNotDisturb })}
        >
          <Track $on={doNotDisturb}>
            <Knob $on={doNotDisturb} />
          </Track>
        </Switch>
      </SwitchRow>
      {doNotDisturb ? (
        <Hint>{availabilityMessages.doNotDisturbOn}</Hint>
      ) : (
        <>
          <Field>
            <label htmlFor={ids.elevation}>Swarm Elevation (feet)</label>
            <TextInput
              id={ids.elevation}
              type="number"
              inputMode="numeric"
              min={ELEVATION_MIN}
              max={ELEVATION_MAX}
              step={1}
              aria-invalid={elevationError ? true : undefined}
              aria-describedby={elevationError ? ids.elevationError : undefined}
              value={numberText('elevationMaximum')}
              onChange={(event) => onNumberChange('elevationMaximum', event.target.value)}
            />
            {elevationError && <FieldError id={ids.elevationError}>{elevationError}</FieldError>}
          </Field>
          <Field>
            <label htmlFor={ids.range}>Report Address Range (miles)</label>
            <TextInput
              id={ids.range}
              type="number"
              inputMode="numeric"
              min={RANGE_MIN}
              max={RANGE_MAX}
              step={1}
              aria-invalid={rangeError ? true : undefined}
              aria-describedby={rangeError ? ids.rangeError : undefined}
              value={numberText('rangeInMiles')}
              onChange={(event) => onNumberChange('rangeInMiles', event.target.value)}
            />
            {rangeError && <FieldError id={ids.rangeError}>{rangeError}</FieldError>}
          </Field>
          <Field>
            {/* The number sits inside the sentence it completes; its name is the whole sentence, read the same way. */}
            <SentenceLabel htmlFor={ids.extraMiles}>
              {availabilityMessages.extraMilesBefore}{' '}
              <InlineSelect
                id={ids.extraMiles}
                aria-label={availabilityMessages.extraMilesName}
                aria-describedby={ids.extraMilesHint}
                value={value('extraMiles')}
                onChange={(event) => change({ key: 'extraMiles', value: Number(event.target.value) })}
              >
                {extraMilesChoices.map((miles) => (
                  <option key={miles} value={miles}>
                    {extraMilesLabel(miles)}
                  </option>
                ))}
              </InlineSelect>{' '}
              {availabilityMessages.extraMilesAfter}
            </SentenceLabel>
            <Hint id={ids.extraMilesHint}>{availabilityMessages.extraMilesHint}</Hint>
          </Field>
          {timeZone && <Hint>{`Hours are read in ${timeZoneLabel(timeZone)} time.`}</Hint>}
          <Days>
            {weekDays.map((day) => (
              <Day key={day}>
                <legend>{dayName(day)}</legend>
                <label>
                  From
                  <Select
                    aria-label={`${dayName(day)} From`}
                    value={value(fromKey(day))}
                    onChange={(event) => change({ key: fromKey(day), value: Number(event.target.value) })}
                  >
                    {fromHours.map((hour) => (
                      <option key={hour} value={hour}>
                        {hourLabel(hour)}
                      </option>
                    ))}
                  </Select>
                </label>
                <label>
                  To
                  <Select
                    aria-label={`${dayName(day)} To`}
                    value={value(toKey(day))}
                    onChange={(event) => change({ key: toKey(day), value: Number(event.target.value) })}
                  >
                    {toHours.map((hour) => (
                      <option key={hour} value={hour}>
                        {hourLabel(hour)}
                      </option>
                    ))}
                  </Select>
                </label>
              </Day>
            ))}
          </Days>
          <Field>
            <label htmlFor={ids.timeZone}>Time Zone</label>
            <Select id={ids.timeZone} value={timeZone} onChange={(event) => change({ key: 'timeZone', value: event.target.value })}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {timeZoneLabel(zone)}
                </option>
              ))}
            </Select>
          </Field>
        </>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const SwitchRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  font-weight: 600;
`;

/** The tap target: 44 px tall around the 32 px track, so a thumb finds it (WCAG 2.5.5). */
const Switch = styled.button<{ $on: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 64px;
  min-height: 44px;
  padding: 0 4px;
  border: none;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  cursor: pointer;
`;

const Track = styled.span<{ $on: boolean }>`
  position: relative;
  display: block;
  width: 56px;
  height: 32px;
  border: 2px solid ${({ $on, theme }) => ($on ? theme.colors.primary : theme.colors.mutedText)};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ $on, theme }) => ($on ? theme.colors.primary : theme.colors.border)};
`;

const Knob = styled.span<{ $on: boolean }>`
  position: absolute;
  top: 2px;
  left: ${({ $on }) => ($on ? '26px' : '2px')};
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.surface};
  transition: left 120ms ease-in-out;
`;

/** Wraps on a phone like the sentence it is; the select keeps a 44 px tap target. */
const SentenceLabel = styled.label`
  line-height: 2.75rem;
`;

const InlineSelect = styled(Select)`
  display: inline-block;
  width: auto;
  min-width: 6.5rem;
  vertical-align: middle;
  line-height: normal;
`;

const Days = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Day = styled.fieldset`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};

  legend {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-weight: 600;
  }

  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }
`;
