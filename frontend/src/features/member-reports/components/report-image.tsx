import { useState } from 'react';
import styled from 'styled-components';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { resolveImageUrl } from '@/lib/image-url';

interface ReportImageProps {
  /** The picture's address; null without a picture. */
  imageUrl: string | null;
  thumbnailUrl: string | null;
  /** Tells the reports apart in the button's name and the image's description. */
  claimCode: string;
}

/** The thumbnail of a report's photo; a click shows the full image (spec §2). No photo: nothing. */
export function ReportImage({ imageUrl, thumbnailUrl, claimCode }: ReportImageProps) {
  const [open, setOpen] = useState(false);
  if (!imageUrl && !thumbnailUrl) return null;
  const full = resolveImageUrl(imageUrl || thumbnailUrl || '');
  const thumbnail = resolveImageUrl(thumbnailUrl || imageUrl || '');

  return (
    <>
      <ThumbnailButton type="button" aria-label={`Show the full image of swarm ${claimCode}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <img src={thumbnail} alt="" width={56} height={56} loading="lazy" decoding="async" />
      </ThumbnailButton>
      {open && (
        <Dialog title={`Swarm ${claimCode}`} onClose={() => setOpen(false)} width="720px">
          <FullImage src={full} alt={`The swarm reported with claim code ${claimCode}`} />
          <DialogActions>
            <a href={full} target="_blank" rel="noopener noreferrer">
              Open in a new tab
            </a>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}

const ThumbnailButton = styled.button`
  display: block;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.secondaryHover};
  cursor: zoom-in;
  overflow: hidden;

  img {
    display: block;
    width: 56px;
    height: 56px;
    object-fit: cover;
  }
`;

const FullImage = styled.img`
  display: block;
  max-width: 100%;
  max-height: 70vh;
  margin: 0 auto;
  object-fit: contain;
`;
