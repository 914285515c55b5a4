import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, FieldHint, Label } from '@/components/ui/form-field';
import { TOUCH_SCREEN_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useMessages } from '@/lib/i18n/language';

interface ImagePickerProps {
  id: string;
  image: File | null;
  onChange: (image: File | null) => void;
  disabled?: boolean;
}

/**
 * Optional photo of the swarm. Only image files are taken; the gateway checks the bytes again. The native file
 * control is too small to tap and reads differently in every browser, so each input lies invisible over a big
 * button-shaped face: the tap lands on the input itself, which every phone requires to open its picker. On a touch
 * screen a second one asks for the camera straight away.
 */
export function ImagePicker({ id, image, onChange, disabled }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const t = useMessages();
  const [problem, setProblem] = useState<'report.photo.notAnImage' | null>(null);
  const previewUrl = useObjectUrl(image);
  const touchScreen = useMediaQuery(TOUCH_SCREEN_QUERY);
  const describedBy = problem ? `${id}-hint ${id}-problem` : `${id}-hint`;

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      setProblem('report.photo.notAnImage');
      event.target.value = '';
      onChange(null);
      return;
    }
    setProblem(null);
    onChange(file);
  };

  const clear = () => {
    for (const input of [inputRef.current, cameraRef.current]) if (input) input.value = '';
    onChange(null);
    inputRef.current?.focus();
  };

  return (
    <Field>
      <Label htmlFor={id}>{t['report.photo.label']}</Label>
      <FieldHint id={`${id}-hint`}>{t['report.photo.hint']}</FieldHint>
      <Choices>
        {touchScreen && (
          <Choice $disabled={disabled}>
            <Face aria-hidden="true">{t['report.photo.take']}</Face>
            <HiddenInput
              ref={cameraRef}
              id={`${id}-camera`}
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={t['report.photo.takeLabel']}
              aria-describedby={describedBy}
              disabled={disabled}
              onChange={onFileChange}
            />
          </Choice>
        )}
        <Choice $disabled={disabled}>
          <Face aria-hidden="true">{image ? t['report.photo.chooseAnother'] : t['report.photo.choose']}</Face>
          <HiddenInput
            ref={inputRef}
            id={id}
            type="file"
            accept="image/*"
            disabled={disabled}
            aria-describedby={describedBy}
            aria-invalid={problem ? true : undefined}
            onChange={onFileChange}
          />
        </Choice>
      </Choices>
      {image && <FileName>{image.name}</FileName>}
      {problem && (
        <Problem id={`${id}-problem`} role="alert">
          {t[problem]}
        </Problem>
      )}
      {image && previewUrl && (
        <Preview>
          <img src={previewUrl} alt={t['report.photo.preview']} />
          <Button type="button" $variant="secondary" disabled={disabled} onClick={clear}>
            {t['report.photo.remove']}
          </Button>
        </Preview>
      )}
    </Field>
  );
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The button face and, over it, the invisible input that takes the tap (and the keyboard focus). */
const Choice = styled.div<{ $disabled?: boolean }>`
  position: relative;
  flex: 1 1 10rem;
  min-height: 48px;
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.secondary};
  color: ${({ theme }) => theme.colors.onSecondary};
  opacity: ${({ $disabled }) => ($disabled ? 0.65 : 1)};

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }

  &:focus-within {
    outline: 3px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Face = styled.span`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.large};
  text-align: center;
`;

const HiddenInput = styled.input`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  opacity: 0;
  cursor: pointer;

  &:disabled {
    cursor: not-allowed;
  }
`;

const FileName = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: ${({ theme }) => theme.fontSizes.small};
  overflow-wrap: anywhere;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

const Preview = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};

  img {
    max-width: 100%;
    max-height: 240px;
    border-radius: ${({ theme }) => theme.radii.medium};
    object-fit: contain;
  }
`;
