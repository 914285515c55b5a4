import { useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';

interface UpdateBannerProps {
  onReload: () => void;
  onDismiss: () => void;
}

/**
 * Tells that a new version of the site is ready, without getting in the way: a bar at the bottom of the screen that
 * stays in the page's flow (it never covers the footer once scrolled to the end), announced politely, that takes no
 * focus. Reload switches to the new version; dismissing keeps this one until the next visit.
 */
export function UpdateBanner({ onReload, onDismiss }: UpdateBannerProps) {
  const [reloading, setReloading] = useState(false);
  return (
    <Bar aria-label="New version">
      <Inner>
        <Message role="status">A new version of Swarm Alert is available.</Message>
        <Actions>
          <ReloadButton
            type="button"
            disabled={reloading}
            onClick={() => {
              setReloading(true);
              onReload();
            }}
          >
            Reload
          </ReloadButton>
          <Dismiss type="button" aria-label="Dismiss the new version notice" onClick={onDismiss}>
            ×
          </Dismiss>
        </Actions>
      </Inner>
    </Bar>
  );
}

const Bar = styled.section`
  position: sticky;
  z-index: 800;
  bottom: 0;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  padding-bottom: calc(${({ theme }) => theme.space.sm} + env(safe-area-inset-bottom, 0px));
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: 0 -4px 16px rgba(0, 0, 0, 0.12);
`;

// One row even on a 360 px phone (the message wraps beside the buttons), so the bar stays about 60 px tall.
const Inner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
`;

const Message = styled.p`
  flex: 1 1 auto;
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
  line-height: 1.4;
`;

const Actions = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const ReloadButton = styled(Button)`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  font-size: ${({ theme }) => theme.fontSizes.body};
`;

const Dismiss = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedText};
  font: inherit;
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }
`;
