import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Answers, IdentifyStep } from './identify-step';
import { WaspDialog } from './wasp-dialog';

export function CheckClusterPage() {
  const navigate = useNavigate();
  const [waspDialogOpen, setWaspDialogOpen] = useState(false);
  return (
    <IdentifyStep step={1} title="Are the bees in a swarm (cluster)?">
      <p>A honeybee swarm is a cluster of bees hanging together, often from a branch, a fence or a wall.</p>
      <Answers>
        <Button type="button" $fullWidth onClick={() => navigate(paths.identify.size.getHref())}>
          Yes
        </Button>
        <Button type="button" $variant="secondary" $fullWidth onClick={() => setWaspDialogOpen(true)}>
          No
        </Button>
        <ButtonLink to={paths.landing.getHref()} $variant="secondary" $fullWidth>
          Back
        </ButtonLink>
      </Answers>
      {waspDialogOpen && <WaspDialog onClose={() => setWaspDialogOpen(false)} />}
    </IdentifyStep>
  );
}
