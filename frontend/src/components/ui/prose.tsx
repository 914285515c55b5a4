import styled from 'styled-components';

/** Long-form text (policies, guides): comfortable line spacing and clear section headings. */
export const Prose = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 {
    margin: ${({ theme }) => theme.space.md} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.subheading};
  }

  h3 {
    margin: ${({ theme }) => theme.space.sm} 0 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
  }

  p,
  ul,
  ol {
    margin: 0;
  }

  ul,
  ol {
    padding-left: ${({ theme }) => theme.space.lg};
  }

  li + li {
    margin-top: ${({ theme }) => theme.space.xs};
  }
`;

export const LastUpdated = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** Spec §2: both policies were last updated on this date. */
export const POLICIES_LAST_UPDATED = '2024-03-27';
