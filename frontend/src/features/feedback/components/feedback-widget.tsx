import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled, { css } from 'styled-components';
import { Dialog } from '@/components/ui/dialog';
import { Field, Label, TextArea, TextInput } from '@/components/ui/form-field';
import { useToast } from '@/components/ui/toast';
import { useSubmitFeedback } from '../api/submit-feedback';

/** Spec §2, §4, §8 and §9, word for word. */
export const feedbackMessages = {
  placeholder: 'Did something go wrong? Let us know!',
  requiredFields: (labels: string[]) => `Please enter in the following required fields: ${labels.join(', ')}`,
  emptyMessage: 'Unable to submit feedback with empty message',
  failure: 'There was a problem submitting feedback, please wait and try again.',
  success: 'Thank you for your feedback!',
} as const;

export const FEEDBACK_SUCCESS_MS = 5_000;

/**
 * The Feedback tab on every page: a rotated tab on the right edge that opens a small form. The tab hides while the
 * dialog is open and takes the focus back when it closes.
 */
export function FeedbackWidget() {
  const [open, setOpen] = useState(false);
  const tabRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (!open && wasOpen.current) tabRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return open ? (
    <FeedbackDialog onClose={() => setOpen(false)} />
  ) : (
    <Tab ref={tabRef} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
      Feedback
    </Tab>
  );
}

function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const feedback = useSubmitFeedback();
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (feedback.isPending) return;
    if (message.trim() === '') {
      setProblems([feedbackMessages.requiredFields(['Message']), feedbackMessages.emptyMessage]);
      messageRef.current?.focus();
      return;
    }
    setProblems([]);
    feedback.mutate(
      { name: name.trim(), email: email.trim(), message: message.trim(), url: window.location.href, source: 'widget' },
      {
        onSuccess: () => {
          onClose();
          toast.success(feedbackMessages.success, undefined, { durationMs: FEEDBACK_SUCCESS_MS });
        },
        onError: () => setProblems([feedbackMessages.failure]),
      },
    );
  };

  return (
    <Dialog title="Feedback" onClose={onClose} width="320px" initialFocusRef={messageRef}>
      <Form onSubmit={onSubmit} noValidate>
        <Field>
          <Label htmlFor="feedback-message">Message</Label>
          <TextArea
            ref={messageRef}
            id="feedback-message"
            rows={4}
            maxLength={5000}
            placeholder={feedbackMessages.placeholder}
            value={message}
            aria-required="true"
            aria-invalid={problems.length > 0 && message.trim() === '' ? true : undefined}
            aria-describedby={problems.length > 0 ? 'feedback-problems' : undefined}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        <Field>
          <Label htmlFor="feedback-name">Name (optional)</Label>
          <TextInput id="feedback-name" autoComplete="name" maxLength={255} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field>
          <Label htmlFor="feedback-email">Email (optional)</Label>
          <TextInput id="feedback-email" type="email" autoComplete="email" maxLength={255} value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        {problems.length > 0 && (
          <Problems id="feedback-problems" role="alert">
            {problems.map((problem) => (
              <p key={problem}>{problem}</p>
            ))}
          </Problems>
        )}
        <SubmitButton type="submit" disabled={feedback.isPending} aria-busy={feedback.isPending}>
          Submit
        </SubmitButton>
      </Form>
    </Dialog>
  );
}

/**
 * White on the spec's #1677ff is 4.1:1, short of the 4.5:1 normal text needs but above the 3:1 of large text
 * (WCAG 1.4.3: bold at 14 pt, 18.66 px, or more): the colours stay the spec's, the text is large and bold.
 */
const largeTextOnFeedbackBlue = css`
  font-size: 1.1875rem;
  font-weight: 700;
`;

const Tab = styled.button`
  position: fixed;
  z-index: 900;
  top: 25%;
  right: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border: none;
  border-radius: ${({ theme }) => `${theme.radii.small} ${theme.radii.small} 0 0`};
  background: ${({ theme }) => theme.colors.feedback};
  color: #ffffff;
  font: inherit;
  ${largeTextOnFeedbackBlue}
  cursor: pointer;
  /* Turned about its bottom-right corner, so it runs up the right edge and stays flush with it on any width. */
  transform: rotate(-90deg);
  transform-origin: bottom right;

  &:hover {
    background: ${({ theme }) => theme.colors.feedbackHover};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
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
