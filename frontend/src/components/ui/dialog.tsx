import { useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useFocusTrap } from '@/lib/use-focus-trap';

export interface DialogProps {
  title: string;
  children: ReactNode;
  /** Called by Escape and the close button; a dialog without it can only be left through its own buttons. */
  onClose?: () => void;
  /** 'alertdialog' for questions that interrupt the visitor (confirmations). */
  role?: 'dialog' | 'alertdialog';
  width?: string;
  /** The element focused on open; by default the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Id of the element that describes the dialog, read out with its title. */
  describedBy?: string;
  /** The close button's name, in the page's language. */
  closeLabel?: string;
}

/**
 * A modal dialog: focus moves into it on open, Tab stays inside it, Escape closes it when it may be closed, and
 * focus goes back to where it was on close (WAI-ARIA dialog pattern).
 */
export function Dialog({ title, children, onClose, role = 'dialog', width = '480px', initialFocusRef, describedBy, closeLabel = 'Close' }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useFocusTrap(panelRef, true, initialFocusRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.stopPropagation();
      onClose();
    }
  };

  return createPortal(
    <Overlay>
      <Panel
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        $width={width}
        onKeyDown={onKeyDown}
      >
        <TitleRow>
          <Title id={titleId}>{title}</Title>
          {onClose && (
            <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
              ×
            </CloseButton>
          )}
        </TitleRow>
        {children}
      </Panel>
    </Overlay>,
    document.body,
  );
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.overlay};
`;

const Panel = styled.div<{ $width: string }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: ${({ $width }) => $width};
  max-height: calc(100vh - 2rem);
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 8px 32px rgba(0, 0, 0, 0.25);

  p {
    margin: 0;
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.subheading};
`;

const CloseButton = styled.button`
  flex: none;
  min-width: 44px;
  min-height: 44px;
  margin: -${({ theme }) => theme.space.sm};
  border: none;
  background: transparent;
  color: inherit;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
`;

/** The text of a dialog: paragraphs spaced apart for easy reading. */
export const DialogBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** A row of dialog buttons, wrapping on narrow phones. */
export const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
