import styled from 'styled-components';

/** The tallest a scrolling table or list grows before it scrolls within itself. */
export const SCROLL_BOX_MAX_HEIGHT = '420px';

/**
 * A table or list that scrolls within itself, never the page: at most SCROLL_BOX_MAX_HEIGHT tall, and sideways only
 * when its content is wider. Give it tabIndex={0} and a name, so a keyboard can scroll it.
 */
export const ScrollBox = styled.div`
  /* The containing block of what is positioned inside (a visually hidden label), which then scrolls with the content
     instead of widening the page. */
  position: relative;
  min-width: 0;
  max-width: 100%;
  max-height: ${SCROLL_BOX_MAX_HEIGHT};
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  -webkit-overflow-scrolling: touch;

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;
