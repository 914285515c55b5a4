import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Field, FieldHint, Label, TextInput } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n/language';
import { useFormat } from '@/lib/i18n/page-intl';
import { identificationStore, MAX_ELEVATION_FEET, MIN_ELEVATION_FEET, parseElevation, useIdentification } from '@/lib/identification-store';
import { Answers, IdentifyStep } from './identify-step';

export function ElevationPage() {
  const navigate = useNavigate();
  const { elevation: stored } = useIdentification();
  const t = useMessages();
  const format = useFormat();
  const [text, setText] = useState(stored === undefined ? '' : String(stored));
  const elevation = parseElevation(text);
  const valid = elevation !== undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (elevation === undefined) return;
    identificationStore.update({ elevation });
    void navigate(paths.report.getHref());
  };

  return (
    <IdentifyStep step={4} title={t['identify.elevation.title']}>
      <form onSubmit={onSubmit} noValidate>
        <Answers>
          <Field>
            <Label htmlFor="elevation">{t['identify.elevation.label']}</Label>
            <TextInput
              id="elevation"
              name="elevation"
              type="number"
              inputMode="decimal"
              min={MIN_ELEVATION_FEET}
              max={MAX_ELEVATION_FEET}
              step="any"
              value={text}
              aria-invalid={text !== '' && !valid ? true : undefined}
              aria-describedby="elevation-hint"
              onChange={(event) => setText(event.target.value)}
            />
            <FieldHint id="elevation-hint">{format('identify.elevation.hint', { min: MIN_ELEVATION_FEET, max: MAX_ELEVATION_FEET })}</FieldHint>
          </Field>
          <Button type="submit" $fullWidth disabled={!valid}>
            {t['identify.next']}
          </Button>
          <ButtonLink to={paths.identify.checkAboveGround.getHref()} $variant="secondary" $fullWidth>
            {t['identify.back']}
          </ButtonLink>
        </Answers>
      </form>
    </IdentifyStep>
  );
}
