import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

/** A label above its control, with an optional hint under it: one column that reads well on a phone. */
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Label = styled.label`
  font-weight: 600;
`;

export const FieldHint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const controlStyles = css`
  width: 100%;
  min-height: 48px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;

  &[aria-invalid='true'] {
    border: 2px solid ${({ theme }) => theme.colors.danger};
  }
`;

export const TextInput = styled.input`
  ${controlStyles}
`;

export const Select = styled.select`
  ${controlStyles}
`;

export const TextArea = styled.textarea`
  ${controlStyles}
  resize: vertical;
`;

/**
 * The list of problems with a form, under the spec's heading 'Errors:' (or its translation on a reporter's page);
 * announced as soon as it appears.
 */
export function ErrorSummary({ errors, id, heading = 'Errors:' }: { errors: readonly ReactNode[]; id?: string; heading?: string }) {
  if (errors.length === 0) return null;
  return (
    <Summary id={id} role="alert" tabIndex={-1}>
      <SummaryTitle>{heading}</SummaryTitle>
      <ul>
        {errors.map((error, index) => (
          <li key={index}>{error}</li>
        ))}
      </ul>
    </Summary>
  );
}

const Summary = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radii.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.danger};

  ul {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

const SummaryTitle = styled.p`
  margin: 0;
  font-weight: 700;
`;
