import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/ui/button';
import { Field, FieldHint, Label } from '@/components/ui/form-field';
import { reportMessages } from '../report-messages';

interface ImagePickerProps {
  id: string;
  image: File | null;
  onChange: (image: File | null) => void;
  disabled?: boolean;
}

/** Optional photo of the swarm. Only image files are taken; the gateway checks the bytes again. */
export function ImagePicker({ id, image, onChange, disabled }: ImagePickerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useObjectUrl(image);

  const onFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      setProblem(reportMessages.notAnImage);
      event.target.value = '';
      onChange(null);
      return;
    }
    setProblem(null);
    onChange(file);
  };

  return (
    <Field>
      <Label htmlFor={id}>Photo of the swarm (optional)</Label>
      <FieldHint id={`${id}-hint`}>A photo helps the beekeeper bring the right equipment.</FieldHint>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        aria-invalid={problem ? true : undefined}
        onChange={onFileChange}
      />
      {problem && (
        <Problem id={`${id}-problem`} role="alert">
          {problem}
        </Problem>
      )}
      {image && previewUrl && (
        <Preview>
          <img src={previewUrl} alt="Preview of the selected swarm photo" />
          <Button
            type="button"
            $variant="secondary"
            disabled={disabled}
            onClick={() => {
              if (inputRef.current) inputRef.current.value = '';
              onChange(null);
              inputRef.current?.focus();
            }}
          >
            Remove photo
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
