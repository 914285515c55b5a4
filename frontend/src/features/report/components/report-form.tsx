import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AddressAutocomplete } from '@/components/ui/address-autocomplete';
import { Button, ButtonLink } from '@/components/ui/button';
import { ErrorSummary, Field, FieldHint, Label, Select, TextInput } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { externalLinks } from '@/config/external-links';
import { paths } from '@/config/paths';
import { useBotCheck } from '@/lib/use-bot-check';
import { identificationStore, MAX_ELEVATION_FEET, MIN_ELEVATION_FEET, SWARM_SIZES, useIdentification } from '@/lib/identification-store';
import { newUniqueId } from '@/lib/unique-id';
import { useLanguage, useMessages } from '@/lib/i18n/language';
import { submitReport, type ReportSubmitted, type SubmissionProgress } from '../api/submit-report';
import { preparePicture } from '../lib/prepare-picture';
import { describeSubmitFailure } from '../report-messages';
import { REPORTER_NAME_MAX_LENGTH, stillWrong, validateReport, type ReportField, type ReportFields, type ReportValidation } from '../report-validation';
import { DuplicateReportDialog } from './duplicate-report-dialog';
import { ImagePicker } from './image-picker';
import { SubmissionStatus } from './submission-status';

/** The picture the reporter picked, and the one that will go up, prepared as soon as it was picked. */
interface PictureChoice {
  picked: File;
  upload: Promise<File>;
}

interface Attempt {
  fields: ReportFields;
  placeId: string;
  picture: PictureChoice | null;
  confirmDuplicate: boolean;
  reporterUpdates: boolean;
}

/** The form's values: the report's fields and the reporter's consent to texts. */
type ReportFormValues = ReportFields & { reporterUpdates: boolean };

const ERRORS_ID = 'report-errors';

/** The no-beekeepers warning holds a link and advice: time to read both and follow the link. */
export const NO_BEEKEEPERS_TOAST_MS = 20_000;

/**
 * The report form of spec §2. Size and elevation are asked only when the identification flow did not. Each
 * submission attempt carries a new idempotencyId, kept when a dropped connection makes it try again; while one is in
 * flight, further clicks are ignored, so a double tap cannot create two reports. The picture is prepared for upload
 * as soon as it is picked; pressed offline, the report waits and goes by itself when the signal returns.
 */
export function ReportForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const getBotCheckToken = useBotCheck('report');
  const { language } = useLanguage();
  const t = useMessages();
  const identification = useIdentification();
  const askSize = identification.size === undefined;
  const askElevation = identification.elevation === undefined;

  const { register, control, handleSubmit } = useForm<ReportFormValues>({
    defaultValues: { reporterName: '', reporterPhone: '', size: '', elevation: '', address: '', reporterUpdates: true },
  });
  const [picture, setPicture] = useState<PictureChoice | null>(null);
  const [progress, setProgress] = useState<SubmissionProgress | null>(null);
  const [placeId, setPlaceId] = useState('');
  const [found, setFound] = useState<ReportValidation>({ messages: [], invalid: new Set() });
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [addressText, setAddressText] = useState('');
  const [duplicate, setDuplicate] = useState<Attempt | null>(null);
  const inFlight = useRef(false);

  const submission = useMutation({
    mutationFn: async (attempt: Attempt): Promise<ReportSubmitted> => {
      setProgress({ phase: 'preparing-picture' });
      const image = attempt.picture ? await attempt.picture.upload : null;
      return submitReport(
        {
          ...attempt.fields,
          placeId: attempt.placeId,
          image,
          idempotencyId: newUniqueId(),
          confirmDuplicate: attempt.confirmDuplicate,
          reporterUpdates: attempt.reporterUpdates,
          reporterLanguage: language,
        },
        { botCheckToken: getBotCheckToken, onProgress: setProgress },
      );
    },
    onSuccess: (result, attempt) => {
      if (result.alreadyReported) {
        setDuplicate(attempt);
        return;
      }
      toast.success(t['report.successTitle'], t['report.successDescription']);
      identificationStore.clear();
      void navigate(paths.success.getHref(result.reportId));
    },
    onError: (error) => {
      const failure = describeSubmitFailure(error, t);
      if (failure.kind === 'no-beekeepers') {
        // A warning (spec §8) with a link to follow: it stays longer than other problems.
        toast.warning(t['report.warningTitle'], <NoBeekeepersMessage />, { key: 'no-beekeepers', durationMs: NO_BEEKEEPERS_TOAST_MS });
        return;
      }
      setServerErrors(failure.errors);
      toast.error(t['report.failureTitle'], failure.message);
    },
    onSettled: () => {
      inFlight.current = false;
      setProgress(null);
    },
  });

  const send = (attempt: Attempt) => {
    if (inFlight.current) return;
    inFlight.current = true;
    submission.mutate(attempt);
  };

  const fieldsOf = (values: ReportFields): ReportFields => ({
    reporterName: values.reporterName.trim(),
    reporterPhone: values.reporterPhone.trim(),
    address: values.address,
    size: identification.size ?? values.size,
    elevation: identification.elevation !== undefined ? String(identification.elevation) : values.elevation.trim(),
  });
  const addressTyped = addressText.trim() !== '';

  // What the last submission found wrong, less what has been put right since.
  const values = useWatch({ control });
  const shown = stillWrong(found, validateReport(fieldsOf({ reporterName: '', reporterPhone: '', size: '', elevation: '', address: '', ...values }), { addressTyped }));
  const shownTexts = shown.messages.map((key) => t[key]);
  const errors = [...shownTexts, ...serverErrors.filter((message) => !shownTexts.includes(message))];
  const invalid = shown.invalid;

  const onValid = (submitted: ReportFormValues) => {
    const fields = fieldsOf(submitted);
    const validation = validateReport(fields, { addressTyped });
    setFound(validation);
    setServerErrors([]);
    if (validation.messages.length > 0) {
      // The summary is announced; moving focus there also brings it into view on a small screen.
      requestAnimationFrame(() => document.getElementById(ERRORS_ID)?.focus());
      return;
    }
    send({ fields, placeId, picture, confirmDuplicate: false, reporterUpdates: submitted.reporterUpdates });
  };

  const pending = submission.isPending;
  const invalidProps = (field: ReportField) => (invalid.has(field) ? { 'aria-invalid': true as const } : {});

  return (
    <Form onSubmit={handleSubmit(onValid)} noValidate aria-busy={pending}>
      <Field>
        <Label htmlFor="reporterName">{t['report.name']}</Label>
        <TextInput id="reporterName" autoComplete="name" maxLength={REPORTER_NAME_MAX_LENGTH} disabled={pending} {...invalidProps('reporterName')} {...register('reporterName')} />
      </Field>

      <Field>
        <Label htmlFor="reporterPhone">{t['report.phone']}</Label>
        <TextInput
          id="reporterPhone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder="5035550123"
          aria-describedby="reporterPhone-hint"
          disabled={pending}
          {...invalidProps('reporterPhone')}
          {...register('reporterPhone')}
        />
        <FieldHint id="reporterPhone-hint">{t['report.phoneHint']}</FieldHint>
      </Field>

      {/* The label holds the box, so the whole line (at least 44 px high) is the tap target on a phone. */}
      <CheckboxLabel>
        <Checkbox id="reporterUpdates" type="checkbox" disabled={pending} {...register('reporterUpdates')} />
        <span>{t['report.reporterUpdates']}</span>
      </CheckboxLabel>

      <Field>
        <Label htmlFor="address">{t['report.address']}</Label>
        <Controller
          control={control}
          name="address"
          render={({ field }) => (
            <AddressAutocomplete
              id="address"
              value={field.value}
              onSelect={field.onChange}
              onSelectSuggestion={(suggestion) => setPlaceId(suggestion?.placeId ?? '')}
              onTextChange={setAddressText}
              invalid={invalid.has('address')}
              describedBy="address-hint"
              placeholder={t['report.addressPlaceholder']}
              disabled={pending}
            />
          )}
        />
        <FieldHint id="address-hint">{t['report.addressHint']}</FieldHint>
      </Field>

      {askSize && (
        <Field>
          <Label htmlFor="size">{t['report.size']}</Label>
          <Select id="size" disabled={pending} {...invalidProps('size')} {...register('size')}>
            <option value="">{t['report.chooseSize']}</option>
            {SWARM_SIZES.map((size) => (
              <option key={size} value={size}>
                {t[`size.${size}`]}
              </option>
            ))}
          </Select>
        </Field>
      )}

      {askElevation && (
        <Field>
          <Label htmlFor="elevation">{t['report.elevation']}</Label>
          <TextInput
            id="elevation"
            type="number"
            inputMode="decimal"
            min={MIN_ELEVATION_FEET}
            max={MAX_ELEVATION_FEET}
            step="any"
            disabled={pending}
            {...invalidProps('elevation')}
            {...register('elevation')}
          />
        </Field>
      )}

      <ImagePicker id="image" image={picture?.picked ?? null} onChange={(picked) => setPicture(picked ? { picked, upload: preparePicture(picked) } : null)} disabled={pending} />

      <ErrorSummary id={ERRORS_ID} errors={errors} heading={t['layout.errorsHeading']} />

      <Actions>
        <ButtonLink to={askElevation ? paths.landing.getHref() : paths.identify.elevation.getHref()} $variant="secondary">
          {t['report.back']}
        </ButtonLink>
        <Button type="submit" disabled={pending} aria-describedby={pending ? 'report-pending' : undefined}>
          {pending && <Spinner aria-hidden="true" />}
          {t['report.submit']}
        </Button>
      </Actions>
      {pending && <SubmissionStatus id="report-pending" progress={progress} offline={submission.isPaused} />}

      {duplicate && (
        <DuplicateReportDialog
          onCancel={() => setDuplicate(null)}
          onConfirm={() => {
            const attempt = duplicate;
            setDuplicate(null);
            send({ ...attempt, confirmDuplicate: true });
          }}
        />
      )}
    </Form>
  );
}

function NoBeekeepersMessage() {
  const t = useMessages();
  return (
    <>
      <p>{t['report.noBeekeepers']}</p>
      <p>
        <a href={externalLinks.beekeeperSearch} target="_blank" rel="noopener noreferrer">
          {t['report.noBeekeepersSearch']}
        </a>
        {t['report.noBeekeepersTellThem']}
      </p>
    </>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** The box and its words side by side; the whole row is one large touch target through the label. */

const Checkbox = styled.input`
  flex: none;
  width: 24px;
  height: 24px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const CheckboxLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  cursor: pointer;
`;

const Actions = styled.div`
  display: grid;
  grid-template-columns: 1fr 2fr;
  gap: ${({ theme }) => theme.space.md};
`;

const Spinner = styled.span`
  width: 1em;
  height: 1em;
  border: 3px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: report-spin 0.8s linear infinite;

  @keyframes report-spin {
    to {
      transform: rotate(360deg);
    }
  }
`;
