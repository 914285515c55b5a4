import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { identificationStore, SWARM_SIZES, useIdentification } from '@/lib/identification-store';
import { Answers, IdentifyStep } from './identify-step';

export function SwarmSizePage() {
  const navigate = useNavigate();
  const { size: chosen } = useIdentification();
  return (
    <IdentifyStep step={2} title="Approximately how large is the swarm?">
      <p>Compare the cluster with a ball: about a softball, about a basketball, or bigger.</p>
      <Answers role="group" aria-label="Swarm size">
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
            {size}
          </Button>
        ))}
        <ButtonLink to={paths.identify.checkCluster.getHref()} $variant="secondary" $fullWidth>
          Back
        </ButtonLink>
      </Answers>
    </IdentifyStep>
  );
}
