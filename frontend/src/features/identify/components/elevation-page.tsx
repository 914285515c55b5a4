import { Page } from '@/components/ui/page';

export function ElevationPage() {
  return (
    <Page title="Approximately how high up is the swarm?">
      <p>This step will ask for the height of the swarm in feet, from 0 to 50.</p>
    </Page>
  );
}
