import type { ChangeEvent } from 'react';
import styled from 'styled-components';
import { Select } from '@/components/ui/form-parts';
import { claimOutcomeLabels, type ClaimOutcome } from '../api/record-outcome';
import { reportMessages } from '../lib/report-messages';
import { visuallyHidden } from '@/components/ui/visually-hidden';

interface OutcomeSelectProps {
  reportId: string;
  claimCode: string;
  /** The outcome shown: the one recorded, or the one being saved; null for none. */
  outcome: ClaimOutcome | null;
  saving: boolean;
  onChange: (outcome: ClaimOutcome) => void;
}

const isOutcome = (value: string): value is ClaimOutcome => (claimOutcomeLabels as readonly string[]).includes(value);

/**
 * What became of a claimed swarm, saved as soon as it is chosen. 'Not recorded' stands for no answer yet; once an
 * outcome is recorded it can be changed but not taken back. The label names the swarm, as the row's buttons do.
 */
export function OutcomeSelect({ reportId, claimCode, outcome, saving, onChange }: OutcomeSelectProps) {
  const id = `outcome-${reportId}`;
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    if (isOutcome(event.target.value)) onChange(event.target.value);
  };
  return (
    <>
      <HiddenLabel htmlFor={id}>Outcome of swarm {claimCode}</HiddenLabel>
      <OutcomeControl id={id} value={outcome ?? ''} onChange={change} disabled={saving} aria-busy={saving}>
        <option value="" disabled={outcome !== null}>
          {reportMessages.outcomeNotRecorded}
        </option>
        {claimOutcomeLabels.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </OutcomeControl>
    </>
  );
}

/** The column header (or the card's line name) says Outcome; the label adds which swarm for screen readers. */
const HiddenLabel = styled.label`
  ${visuallyHidden}
`;

/**
 * As wide as its cell or card line allows, never wider: a phone's card must not scroll sideways. The card gives it a
 * line of its own (a 'control' column), wide enough for every outcome.
 */
const OutcomeControl = styled(Select)`
  width: 100%;
  min-width: 0;
  max-width: 100%;
  font-size: ${({ theme }) => theme.fontSizes.small};
`;
