import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { Answers, IdentifyStep } from './identify-step';
import { WaspDialog } from './wasp-dialog';

export function CheckAboveGroundPage() {
  const navigate = useNavigate();
  const [waspDialogOpen, setWaspDialogOpen] = useState(false);
  return (
    <IdentifyStep step={3} title="Is the swarm above ground?">
      <p>Honeybee swarms settle above the ground. Insects going in and out of a hole in the ground are usually wasps or yellow jackets.</p>
      <Answers>
        <Button type="button" $fullWidth onClick={() => navigate(paths.identify.elevation.getHref())}>
          Yes
        </Button>
        <Button type="button" $variant="secondary" $fullWidth onClick={() => setWaspDialogOpen(true)}>
          No
        </Button>
        <ButtonLink to={paths.identify.size.getHref()} $variant="secondary" $fullWidth>
          Back
        </ButtonLink>
      </Answers>
      {waspDialogOpen && <WaspDialog onClose={() => setWaspDialogOpen(false)} />}
    </IdentifyStep>
  );
}
