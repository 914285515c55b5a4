import styled from 'styled-components';

/** Spec §2: content never grows wider than 600 px, which also keeps lines readable on desktops. */
export const ContentColumn = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.contentMaxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
`;
