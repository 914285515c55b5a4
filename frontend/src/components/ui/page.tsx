import type { ReactNode } from 'react';
import styled from 'styled-components';

const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.heading};
`;

const PageBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: 0;
  }
`;

interface PageProps {
  title: string;
  children: ReactNode;
}

/**
 * A titled page: exactly one h1 per route for screen-reader navigation, and a matching document title
 * (React hoists <title> into <head>) so the browser tab and history entries say where the visitor is.
 */
export function Page({ title, children }: PageProps) {
  return (
    <article>
      <title>{`${title} | Swarm Alert`}</title>
      <PageTitle>{title}</PageTitle>
      <PageBody>{children}</PageBody>
    </article>
  );
}
