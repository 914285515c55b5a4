import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { useJoinByCode } from '../lib/use-join-by-code';
import { modalActivationCodeRules } from '../lib/activation-code-rules';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { CodeInput, FieldError } from './activation-code-field';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 10;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div`
  width: 100%;
  max-width: 420px;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin-top: 0;
    font-size: ${({ theme }) => theme.fontSizes.subheading};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

/**
 * Opens by itself when an association has set the member inactive: entering a new activation code from that
 * association reactivates the membership. Only checks that a code was typed (spec §5).
 */
export function InactiveAssociationModal({ inactiveNames, onClose }: { inactiveNames: string[]; onClose: () => void }) {
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const { joinByCode, isPending: joining } = useJoinByCode();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const dialogRef = useRef<HTMLDivElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<{ activationCode: string }>({ defaultValues: { activationCode: '' } });
  const { ref, ...field } = register('activationCode', modalActivationCodeRules);

  useFocusTrap(dialogRef, true, inputRef);

  const submit = handleSubmit(async ({ activationCode }) => {
    if (await joinByCode(activationCode)) reset();
  });

  return (
    <Overlay onKeyDown={(event) => event.key === 'Escape' && onClose()}>
      <Dialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>One of your associations is inactive</h2>
        <p>
          {inactiveNames.join(', ')} set your membership inactive, so you get no swarm alerts through it. Enter an activation code from the
          association to reactivate it.
        </p>
        <form onSubmit={submit} noValidate>
          <label htmlFor={inputId}>Activation code</label>
          <CodeInput
            id={inputId}
            autoComplete="off"
            aria-invalid={errors.activationCode ? true : undefined}
            aria-describedby={errors.activationCode ? errorId : undefined}
            {...field}
            ref={(element) => {
              ref(element);
              inputRef.current = element;
            }}
          />
          {errors.activationCode && <FieldError id={errorId}>{errors.activationCode.message}</FieldError>}
          <Actions>
            <Button type="submit" disabled={joining}>
              Reactivate
            </Button>
            <Button type="button" $variant="secondary" onClick={onClose}>
              Not now
            </Button>
          </Actions>
        </form>
      </Dialog>
    </Overlay>
  );
}
