import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { usePlaceSuggestions, type PlaceSuggestion } from '@/features/places/api/get-place-suggestions';
import { useFormat } from '@/lib/i18n/page-intl';
import { visuallyHidden } from './visually-hidden';

/** Spec §9: places autocomplete debounce. */
export const PLACES_DEBOUNCE_MS = 200;

export interface AddressAutocompleteProps {
  id: string;
  /** The address picked from the list, or '' while none is picked. */
  value: string;
  /** Called with the picked address, and with '' as soon as the text is edited away from it. */
  onSelect: (address: string) => void;
  /** Also told which suggestion was picked (null once edited away), for callers that pass its placeId on. */
  onSelectSuggestion?: (suggestion: PlaceSuggestion | null) => void;
  /** Told the text in the box as it is typed, picked or not (so a form can tell "typed, not picked" from empty). */
  onTextChange?: (text: string) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * A combobox (WAI-ARIA 1.2 pattern): the address counts only once picked from the list, because only a picked
 * suggestion is sure to resolve to a place.
 */
export function AddressAutocomplete({ id, value, onSelect, onSelectSuggestion, onTextChange, invalid, describedBy, placeholder, disabled }: AddressAutocompleteProps) {
  const listId = useId();
  const format = useFormat();
  const [text, setText] = useState(value);
  const [debounced, setDebounced] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    setText(value);
  }, [value]);

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), PLACES_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const query = usePlaceSuggestions(open ? debounced : '');
  const suggestions = query.data ?? [];
  const showList = open && suggestions.length > 0;
  // Screen-reader users cannot see the list appear, so its size is announced once the suggestions settle.
  const searched = open && debounced === text && debounced.trim().length >= 2 && query.isSuccess && !query.isFetching;
  const announcement = !searched
    ? ''
    : suggestions.length === 0
      ? format('address.noMatches')
      : format('address.found', { count: suggestions.length });

  const pick = (suggestion: PlaceSuggestion) => {
    setText(suggestion.description);
    onTextChange?.(suggestion.description);
    setOpen(false);
    setActive(-1);
    onSelect(suggestion.description);
    onSelectSuggestion?.(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      const suggestion = suggestions[active];
      if (suggestion) pick(suggestion);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Wrapper>
      <Input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        disabled={disabled}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onTextChange?.(event.target.value);
          setOpen(true);
          setActive(-1);
          if (value !== '') {
            onSelect('');
            onSelectSuggestion?.(null);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <List id={listId} role="listbox" hidden={!showList}>
        {suggestions.map((suggestion, index) => (
          <Option
            key={suggestion.placeId}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            $active={index === active}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(suggestion);
            }}
          >
            {suggestion.description}
          </Option>
        ))}
      </List>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {open && query.isError && <Unavailable role="alert">Address suggestions are not available right now. Please try again in a moment.</Unavailable>}
    </Wrapper>
  );
}

const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;

const Unavailable = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const Wrapper = styled.div`
  position: relative;
`;

const Input = styled.input`
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.mutedText};
  border-radius: ${({ theme }) => theme.radii.small};
  font: inherit;

  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
`;

const List = styled.ul`
  position: absolute;
  z-index: 10;
  top: 100%;
  left: 0;
  right: 0;
  margin: 0;
  padding: 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.small};
  box-shadow: 0 4px 12px rgba(0, 0, 0, 0.15);
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.secondaryHover : 'transparent')};

  &:hover {
    background: ${({ theme }) => theme.colors.secondaryHover};
  }
`;
