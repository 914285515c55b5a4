import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useMessages } from '@/lib/i18n/language';
import { identificationStore, SWARM_SIZES, useIdentification } from '@/lib/identification-store';
import { Answers, IdentifyStep } from './identify-step';

export function SwarmSizePage() {
  const navigate = useNavigate();
  const { size: chosen } = useIdentification();
  const t = useMessages();
  return (
    <IdentifyStep step={2} title={t['identify.size.title']}>
      <p>{t['identify.size.text']}</p>
      <Answers role="group" aria-label={t['identify.size.group']}>
        {SWARM_SIZES.map((size) => (
          <Button
            key={size}
            type="button"
            $fullWidth
            $variant={chosen === size ? 'primary' : 'secondary'}
            aria-pressed={chosen === size}
            onClick={() => {
              identificationStore.update({ size });
              void navigate(paths.identify.checkAboveGround.getHref());
            }}
          >
            {t[`size.${size}`]}
          </Button>
        ))}
        <ButtonLink to={paths.identify.checkCluster.getHref()} $variant="secondary" $fullWidth>
          {t['identify.back']}
        </ButtonLink>
      </Answers>
    </IdentifyStep>
  );
}
