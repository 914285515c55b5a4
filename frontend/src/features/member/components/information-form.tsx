import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AddressAutocomplete } from '@/components/ui/address-autocomplete';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import type { MemberInformation } from '../api/get-information';
import { useUpdateInformation } from '../api/update-information';
import { informationMessages, PHONE_LENGTH, phoneDigitsFrom, validateInformation, type InformationDraft } from '../lib/information-rules';
import { useNotify } from '@/lib/notify';
import { ErrorList, Field, Hint, TextInput } from '@/components/ui/form-parts';

interface InformationFormProps {
  information: MemberInformation;
  /** The Required Information modal needs every field; the profile section lets the phone stay empty. */
  requireAll: boolean;
}

/** Server validation errors arrive as {message, errors?}; the list is shown with the form's own. */
function serverErrors(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((entry): entry is string => typeof entry === 'string') : [];
}

export function InformationForm({ information, requireAll }: InformationFormProps) {
  const ids = { name: useId(), phone: useId(), address: useId(), phoneNote: useId(), errors: useId() };
  const [draft, setDraft] = useState<InformationDraft>({
    name: information.name,
    phoneNumber: information.phoneNumber,
    address: information.address,
  });
  const [found, setFound] = useState<string[]>([]);
  const [serverFound, setServerFound] = useState<string[]>([]);
  // A message goes as soon as its rule holds again; a new problem waits for the next Update.
  const current = validateInformation(draft, { requireAll });
  const errors = [...found.filter((message) => current.includes(message)), ...serverFound];
  const notify = useNotify();
  const update = useUpdateInformation();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = validateInformation(draft, { requireAll });
    setFound(problems);
    setServerFound([]);
    if (problems.length > 0) return;
    try {
      await update.mutateAsync({ name: draft.name.trim(), phoneNumber: draft.phoneNumber, address: draft.address });
      notify.success(informationMessages.updated);
    } catch (error) {
      setServerFound(serverErrors(error));
      notify.error(informationMessages.updateFailed, error instanceof Error ? error.message : undefined);
    }
  };

  const invalid = errors.length > 0;
  return (
    <Form onSubmit={onSubmit} noValidate aria-describedby={invalid ? ids.errors : undefined}>
      <Field>
        <label htmlFor={ids.name}>Full Name</label>
        <TextInput
          id={ids.name}
          type="text"
          autoComplete="name"
          aria-invalid={errors.includes(informationMessages.nameNeedsTwoWords) || errors.includes(informationMessages.nameTooLong) ? true : undefined}
          value={draft.name}
          onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
        />
      </Field>
      <Field>
        <label htmlFor={ids.phone}>Phone</label>
        <TextInput
          id={ids.phone}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={PHONE_LENGTH}
          aria-invalid={errors.includes(informationMessages.phoneInvalid) ? true : undefined}
          aria-describedby={ids.phoneNote}
          pattern="[0-9]*"
          value={draft.phoneNumber}
          onChange={(event) => setDraft((current) => ({ ...current, phoneNumber: phoneDigitsFrom(event.target.value) }))}
          onPaste={(event) => {
            // A pasted number is taken whole, separators and country code dropped, before maxLength would cut it.
            const pasted = phoneDigitsFrom(event.clipboardData.getData('text'));
            if (pasted === '') return;
            event.preventDefault();
            setDraft((current) => ({ ...current, phoneNumber: pasted }));
          }}
        />
        <Hint id={ids.phoneNote}>By adding a phone number you agree to receive text messages about swarm alerts.</Hint>
      </Field>
      <Field>
        <label htmlFor={ids.address}>Address</label>
        <AddressAutocomplete
          id={ids.address}
          value={draft.address}
          onSelect={(address) => setDraft((previous) => ({ ...previous, address }))}
          invalid={errors.includes(informationMessages.addressNotPicked)}
          placeholder="Start typing, then pick your address"
        />
      </Field>
      {invalid && (
        <ErrorList id={ids.errors} role="alert">
          <p>Errors:</p>
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </ErrorList>
      )}
      <Button type="submit" $fullWidth disabled={update.isPending}>
        Update
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
