import styled from 'styled-components';

/**
 * Spec §2: content never grows wider than 600 px, which also keeps lines readable on desktops. Where the screen is
 * too narrow for the column and the Feedback tab side by side (phones), the right padding keeps fields and text
 * clear of the tab pinned to the right edge.
 */
export const ContentColumn = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};

  @media (max-width: 700px) {
    padding-right: 3rem;
  }
`;
