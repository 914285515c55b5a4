import styled from 'styled-components';

/**
 * The full-screen 'Loading...' of spec §2. It blocks pointer input while a request is pending but does not
 * take focus, so a member typing in a field keeps their place.
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  return (
    <div role="status" aria-live="polite">
      {visible && (
        <Overlay data-testid="loading-overlay">
          <Message>Loading...</Message>
        </Overlay>
      )}
    </div>
  );
}

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1200;
  display: flex;
  align-items: center;
  justify-content: center;
  background: rgba(255, 250, 240, 0.7);
`;

const Message = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.lg}`};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.medium};
  font-size: ${({ theme }) => theme.fontSizes.large};
  font-weight: 600;
`;
