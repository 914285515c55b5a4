import { Page } from '@/components/ui/page';

export function SwarmSizePage() {
  return (
    <Page title="Approximately how large is the swarm?">
      <p>This step will let you choose Softball, Basketball or Very Large.</p>
    </Page>
  );
}
