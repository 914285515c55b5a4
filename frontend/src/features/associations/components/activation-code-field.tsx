import styled from 'styled-components';

export const CodeInput = styled.input`
  display: block;
  width: 100%;
  min-height: 48px;
  margin-top: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 2px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.large};
  letter-spacing: 0.1em;
  text-transform: uppercase;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

export const FieldError = styled.p`
  margin: ${({ theme }) => `${theme.space.xs} 0 0`};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
