import styled from 'styled-components';

const Status = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.lg} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.mutedText};
`;

/** Shown (and announced politely) while a page's code is still on its way. */
export function PageLoading() {
  return (
    <Status role="status" aria-live="polite">
      Loading the page…
    </Status>
  );
}
