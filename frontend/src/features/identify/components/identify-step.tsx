import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Page } from '@/components/ui/page';
import { useFormat } from '@/lib/i18n/page-intl';

interface IdentifyStepProps {
  step: number;
  title: string;
  children: ReactNode;
}

const TOTAL_STEPS = 4;

/** One question of the identification flow, with its place in the flow for orientation. */
export function IdentifyStep({ step, title, children }: IdentifyStepProps) {
  const format = useFormat();
  return (
    <Page title={title}>
      <StepCount>{format('identify.step', { step, total: TOTAL_STEPS })}</StepCount>
      {children}
    </Page>
  );
}

const StepCount = styled.p`
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

/** Answer buttons stacked full width: big targets for a thumb outdoors. */
export const Answers = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;
