import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $fullWidth?: boolean;
}

// Shared by <button> and router links so a navigation "button" looks identical to an action button.
const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: 48px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  font: inherit;
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.large};
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 120ms ease-in-out;

  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }

  ${({ $variant = 'primary', theme }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
            border-color: ${theme.colors.primaryHover};
          }
        `
      : css`
          background: ${theme.colors.secondary};
          color: ${theme.colors.onSecondary};
          &:hover:not(:disabled) {
            background: ${theme.colors.secondaryHover};
          }
        `}
`;

export const Button = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;
