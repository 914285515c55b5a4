import { useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import type { MemberInformation } from '../api/get-information';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { InformationForm } from './information-form';
import { LogoutButton } from './logout-button';

/**
 * Spec §2 and §4: opens when a two-word name, the phone or the address is missing, and cannot be closed
 * (no close button, Escape and the backdrop do nothing) until the information is saved.
 */
export function RequiredInformationModal({ information }: { information: MemberInformation }) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useFocusTrap(dialogRef, true);

  return createPortal(
    <Backdrop>
      <Dialog ref={dialogRef} role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={descriptionId} tabIndex={-1}>
        <Title id={titleId}>Required Information</Title>
        <p id={descriptionId}>Please enter your full name, phone number and address so we can alert you about swarms near you.</p>
        <InformationForm information={information} requireAll />
        {/* Not a way to close the dialog: a member on the wrong account can still leave. */}
        <LogoutButton />
      </Dialog>
    </Backdrop>,
    document.body,
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 520px;
  margin-top: 5vh;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.medium};

  p {
    margin: 0;
  }
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.subheading};
`;
