import { useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Dialog } from '@/components/ui/dialog';
import { Field, Label, TextArea, TextInput } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useMessages } from '@/lib/i18n/language';
import { en } from '@/lib/i18n/messages/en';
import { useFormat } from '@/lib/i18n/page-intl';
import { useSubmitFeedback } from '../api/submit-feedback';
import { largeTextOnFeedbackBlue } from './feedback-style';

/** Spec §2, §4, §8 and §9, word for word: the English catalog's texts. */
export const feedbackMessages = {
  placeholder: en['feedback.placeholder'],
  requiredFields: (labels: string[]) => en['feedback.requiredFields'].replace('{fields}', labels.join(', ')),
  emptyMessage: en['feedback.emptyMessage'],
  failure: en['feedback.failure'],
  success: en['feedback.success'],
} as const;

export const FEEDBACK_SUCCESS_MS = 5_000;

/** Said under the email field when the address cannot be one (the field is optional: empty is fine). */
export const INVALID_EMAIL = en['feedback.invalidEmail'];

type FeedbackField = 'message' | 'name' | 'email';
type FieldErrors = Partial<Record<FeedbackField, string>>;

/** A plain check of the address's shape; the gateway checks it properly and its word is shown the same way. */
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);

/** The field a gateway refusal (400 `{message, errors}`) is about, read from its message ('Email is invalid'). */
function fieldOf(message: string): FeedbackField | undefined {
  if (message === en['feedback.emptyMessage'] || /^message\b/i.test(message)) return 'message';
  if (/^email\b/i.test(message)) return 'email';
  if (/^name\b/i.test(message)) return 'name';
  return undefined;
}

function serverFieldErrors(error: unknown): { fields: FieldErrors; other: string[] } {
  if (!(error instanceof ApiError) || error.status !== 400) return { fields: {}, other: [] };
  const listed = (error.body as { errors?: unknown } | undefined)?.errors;
  const messages = Array.isArray(listed) ? listed.filter((entry): entry is string => typeof entry === 'string') : [error.message];
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const message of messages) {
    const field = fieldOf(message);
    if (field && field !== 'message') fields[field] ??= message;
    else if (!field) other.push(message);
  }
  return { fields, other };
}

/** The feedback form, fetched when the tab is first opened: most visits never need it. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const feedback = useSubmitFeedback();
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const t = useMessages();
  const format = useFormat();
  const requiredMessage = format('feedback.requiredFields', { fields: t['feedback.message'] });

  const messageMissing = problems.length > 0 && problems[0] === requiredMessage;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (feedback.isPending) return;
    if (message.trim() === '') {
      setProblems([requiredMessage, t['feedback.emptyMessage']]);
      messageRef.current?.focus();
      return;
    }
    if (email.trim() !== '' && !looksLikeEmail(email.trim())) {
      setProblems([]);
      setFieldErrors({ email: t['feedback.invalidEmail'] });
      emailRef.current?.focus();
      return;
    }
    setProblems([]);
    setFieldErrors({});
    feedback.mutate(
      { name: name.trim(), email: email.trim(), message: message.trim(), url: window.location.href, source: 'widget' },
      {
        onSuccess: () => {
          onClose();
          toast.success(t['feedback.success'], undefined, { durationMs: FEEDBACK_SUCCESS_MS });
        },
        onError: (error) => {
          // A refused field is named under that field, in the gateway's words; anything else is the spec's failure.
          const { fields, other } = serverFieldErrors(error);
          setFieldErrors(fields);
          setProblems(Object.keys(fields).length > 0 || other.length > 0 ? other : [t['feedback.failure']]);
          if (fields.email) emailRef.current?.focus();
          else if (fields.name) nameRef.current?.focus();
        },
      },
    );
  };

  // A field's error goes as soon as the field is right again.
  const onEmailChange = (value: string) => {
    setEmail(value);
    if (fieldErrors.email && (value.trim() === '' || looksLikeEmail(value.trim()))) setFieldErrors(({ email: _gone, ...rest }) => rest);
  };
  const onNameChange = (value: string) => {
    setName(value);
    if (fieldErrors.name) setFieldErrors(({ name: _gone, ...rest }) => rest);
  };
  const onMessageChange = (value: string) => {
    setMessage(value);
    if (messageMissing && value.trim() !== '') setProblems([]);
  };

  return (
    <Dialog title={t['feedback.title']} onClose={onClose} width="320px" initialFocusRef={messageRef} closeLabel={t['layout.closeDialog']}>
      <Form onSubmit={onSubmit} noValidate>
        <Field>
          <Label htmlFor="feedback-message">{t['feedback.message']}</Label>
          <TextArea
            ref={messageRef}
            id="feedback-message"
            rows={4}
            maxLength={5000}
            placeholder={t['feedback.placeholder']}
            value={message}
            aria-required="true"
            aria-invalid={messageMissing ? true : undefined}
            aria-describedby={problems.length > 0 ? 'feedback-problems' : undefined}
            onChange={(event) => onMessageChange(event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="feedback-name">{t['feedback.name']}</Label>
          <TextInput
            ref={nameRef}
            id="feedback-name"
            autoComplete="name"
            maxLength={255}
            value={name}
            aria-invalid={fieldErrors.name ? true : undefined}
            aria-describedby={fieldErrors.name ? 'feedback-name-error' : undefined}
            onChange={(event) => onNameChange(event.target.value)}
          />
          {fieldErrors.name && <FieldProblem id="feedback-name-error">{fieldErrors.name}</FieldProblem>}
        </Field>
        <Field>
          <Label htmlFor="feedback-email">{t['feedback.email']}</Label>
          <TextInput
            ref={emailRef}
            id="feedback-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={255}
            value={email}
            aria-invalid={fieldErrors.email ? true : undefined}
            aria-describedby={fieldErrors.email ? 'feedback-email-error' : undefined}
            onChange={(event) => onEmailChange(event.target.value)}
          />
          {fieldErrors.email && <FieldProblem id="feedback-email-error">{fieldErrors.email}</FieldProblem>}
        </Field>
        {problems.length > 0 && (
          <Problems id="feedback-problems" role="alert">
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </Problems>
        )}
        <SubmitButton type="submit" disabled={feedback.isPending} aria-busy={feedback.isPending}>
          {t['feedback.submit']}
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const FieldProblem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
`;

const Problems = styled.div`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const SubmitButton = styled.button`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: none;
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.feedback};
  color: #ffffff;
  font: inherit;
  ${largeTextOnFeedbackBlue}
  cursor: pointer;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.feedbackHover};
  }

  &:disabled {
    opacity: 0.7;
    cursor: progress;
  }
`;
