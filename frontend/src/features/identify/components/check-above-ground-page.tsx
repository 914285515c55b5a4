import { Page } from '@/components/ui/page';

export function CheckAboveGroundPage() {
  return (
    <Page title="Is the swarm above ground?">
      <p>This step will ask whether the bees are above the ground or in it.</p>
    </Page>
  );
}
